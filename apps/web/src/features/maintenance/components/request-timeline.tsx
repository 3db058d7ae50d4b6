import {
  MAINTENANCE_STATUS_LABELS,
  maintenanceEventTitle,
  type MaintenanceEvent,
} from '@structomate/contract';
import { formatDateTime } from '../../../lib/format';

const title = (event: MaintenanceEvent) =>
  event.kind === 'status' && event.status
    ? MAINTENANCE_STATUS_LABELS[event.status]
    : maintenanceEventTitle(event.kind);

const dotTone = (event: MaintenanceEvent) =>
  event.internal
    ? 'bg-warning'
    : event.status === 'resolved' || event.status === 'closed' || event.kind === 'confirmed'
      ? 'bg-success'
      : event.status === 'cancelled'
        ? 'bg-base-content/40'
        : 'bg-primary';

/** Every step of the request, oldest first: what happened, when, and who did it. */
export function RequestTimeline({ events }: { events: MaintenanceEvent[] }) {
  return (
    <section
      aria-labelledby="timeline-heading"
      className="rounded-box border border-base-300 bg-base-100 p-4 shadow-xs sm:p-5"
    >
      <h2 id="timeline-heading" className="text-lg font-semibold">
        Timeline
      </h2>
      <ol className="mt-4 ml-1.5 space-y-5 border-l-2 border-base-300 pb-1">
        {events.map((event) => (
          <li key={event._id} className="relative pl-5">
            <span
              aria-hidden="true"
              className={`absolute top-1.5 -left-[7px] size-3 rounded-full ring-4 ring-base-100 ${dotTone(event)}`}
            />
            <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
              {title(event)}
              {event.internal && <span className="chip chip-warning">Internal</span>}
            </p>
            {event.text && (
              <p className="mt-0.5 text-sm whitespace-pre-wrap text-base-content/85 [overflow-wrap:anywhere]">
                {event.text}
              </p>
            )}
            <p className="mt-0.5 text-xs text-base-content/70">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {event.actorName ? ` · ${event.actorName}` : ''}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
