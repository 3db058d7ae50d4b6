import {
  MAINTENANCE_STATUS_LABELS,
  MAINTENANCE_URGENCY_LABELS,
  WAITING_ON_LABELS,
  type MaintenanceStatus,
  type MaintenanceSummary,
  type MaintenanceUrgency,
} from '@structomate/contract';
import { LuSiren } from 'react-icons/lu';

const statusTone: Record<MaintenanceStatus, string> = {
  new: 'chip-warning',
  acknowledged: 'chip-info',
  scheduled: 'chip-info',
  in_progress: 'chip-info',
  waiting: 'chip-warning',
  resolved: 'chip-success',
  closed: 'chip-neutral',
  cancelled: 'chip-neutral',
};

/** A request's status, with what it waits on; the same colours wherever it is shown. */
export function StatusBadge({
  status,
  waitingOn = null,
}: {
  status: MaintenanceStatus;
  waitingOn?: MaintenanceSummary['waitingOn'];
}) {
  return (
    <span className={`chip ${statusTone[status]}`}>
      {status === 'waiting' && waitingOn
        ? WAITING_ON_LABELS[waitingOn]
        : MAINTENANCE_STATUS_LABELS[status]}
    </span>
  );
}

const urgencyTone: Record<MaintenanceUrgency, string> = {
  emergency: 'chip-error',
  urgent: 'chip-warning',
  routine: 'chip-neutral',
};

/** Emergency (red, with a siren), Urgent or Routine. */
export function UrgencyBadge({ urgency }: { urgency: MaintenanceUrgency }) {
  return (
    <span className={`chip gap-1 ${urgencyTone[urgency]}`}>
      {urgency === 'emergency' && <LuSiren aria-hidden="true" className="size-3.5" />}
      {MAINTENANCE_URGENCY_LABELS[urgency].label}
    </span>
  );
}
