import {
  DATE_FORMATS,
  VISIT_STATUSES,
  type MaintenanceStatus,
  type MaintenanceSummary,
  type MaintenanceVisit,
  visitWindow,
} from '@structomate/contract';
import { format, formatDistanceStrict, parseISO } from 'date-fns';
import { asReaderSees } from '../../../lib/now';

/** "Visit on 03 Dec, 2026, 09:00 AM–12:00 PM": the building's calendar day and its time window. */
export const visitSentence = (visit: MaintenanceVisit) =>
  `Visit on ${format(parseISO(visit.date), DATE_FORMATS.date)}, ${visitWindow(visit.from, visit.to)}`;

/** How long ago a request was filed, at a glance: "3 days", "5 hours", "2 minutes". */
export const ageOf = (createdAt: string, now: Date = new Date()) =>
  // In the reader's zone on both sides: a count of days across a clock change depends on it.
  formatDistanceStrict(asReaderSees(parseISO(createdAt)), asReaderSees(now), {
    roundingMethod: 'floor',
  });

/** "#12" */
export const numbered = (request: Pick<MaintenanceSummary, 'number'>) => `#${request.number}`;

/** A median in hours, as people say it: "45 min", "5 hours", "2.5 days"; "—" when there is none. */
export function hoursText(hours: number | null): string {
  if (hours === null) return '—';
  if (hours < 1) return `${Math.max(1, Math.round(hours * 60))} min`;
  if (hours < 48) {
    const rounded = Math.round(hours * 10) / 10;
    return `${rounded} ${rounded === 1 ? 'hour' : 'hours'}`;
  }
  return `${Math.round((hours / 24) * 10) / 10} days`;
}

/** The dialler's form of a phone number: digits and a leading +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^+0-9]/g, '')}`;

/** A visit is worth showing until the work is done (resolved, closed or cancelled). */
export const visitAhead = (status: MaintenanceStatus) =>
  (VISIT_STATUSES as readonly MaintenanceStatus[]).includes(status);

/** A schema's refusals by top-level field, the first message of each. */
export function issuesByField(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    found[field] ??= issue.message;
  }
  return found;
}
