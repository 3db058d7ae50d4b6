import {
  isFinished,
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MAINTENANCE_STATUS_LABELS,
  MaintenanceStatusRequestSchema,
  MaintenanceVisitRequestSchema,
  WAITING_ON,
  WAITING_ON_LABELS,
  type MaintenanceRequest,
  type MaintenanceStatus,
  type WaitingOn,
} from '@structomate/contract';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { ApiError, messageOf } from '../../../lib/api-client';
import { dismissErrorToast, errorToast } from '../../../lib/error-toast';
import { useAssignContact } from '../api/assign-contact';
import { useChangeStatus } from '../api/change-status';
import { useContacts } from '../api/get-contacts';
import { useScheduleVisit } from '../api/schedule-visit';
import { issuesByField } from './format';
import { settle } from './settle';
import { BusyButton } from '../../../components/busy-button';

/**
 * A refusal, said where the admin acted: a request changed meanwhile (409) names who changed it,
 * and the page has already reloaded it.
 */
const failed = (error: unknown, fallback: string) =>
  errorToast(
    'maintenance-admin',
    error instanceof ApiError && error.status === 409 ? error.message : messageOf(error, fallback),
  );

function Panel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3
        id={id}
        className="font-sans text-xs font-semibold tracking-wider text-base-content/75 uppercase"
      >
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The admin's side of a request: its status, who fixes it, and when they visit. */
export function AdminPanel({ request }: { request: MaintenanceRequest }) {
  return (
    <section
      aria-labelledby="manage-heading"
      className="space-y-5 rounded-box border border-base-300 bg-base-100 p-4 shadow-xs sm:p-5 [&>*+*]:border-t [&>*+*]:border-base-300 [&>*+*]:pt-5"
    >
      <h2 id="manage-heading" className="text-lg font-semibold">
        Manage this request
      </h2>
      <StatusForm request={request} />
      <AssignForm request={request} />
      <VisitForm request={request} />
    </section>
  );
}

function StatusForm({ request }: { request: MaintenanceRequest }) {
  const id = useId();
  const changing = useChangeStatus(request._id);
  const moves = request.can.moves;
  const [status, setStatus] = useState<MaintenanceStatus | ''>(moves[0] ?? '');
  const [waitingOn, setWaitingOn] = useState<WaitingOn | ''>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (moves.length === 0) {
    return (
      <Panel title="Status">
        <p className="text-sm text-base-content/75">
          {isFinished(request.status)
            ? `This request is ${MAINTENANCE_STATUS_LABELS[request.status].toLowerCase()}: nothing more to do.`
            : 'The next step is the tenant’s.'}
        </p>
      </Panel>
    );
  }
  return (
    <Panel title="Status">
      <form
        noValidate
        aria-label="Change the status"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = MaintenanceStatusRequestSchema.safeParse({
            version: request.version,
            status,
            waitingOn: status === 'waiting' && waitingOn ? waitingOn : null,
            note,
          });
          if (!parsed.success) {
            setErrors(issuesByField(parsed.error));
            return;
          }
          setErrors({});
          void settle(changing.mutateAsync(parsed.data), {
            onSuccess: (changed) => {
              dismissErrorToast('maintenance-admin');
              toast.success(
                MAINTENANCE_MESSAGES.statusChanged(MAINTENANCE_STATUS_LABELS[changed.status]),
              );
            },
            onError: (error) => failed(error, 'The status could not be changed. Try again.'),
          });
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={`${id}-status`} className="block text-sm font-medium">
            New status
          </label>
          <select
            id={`${id}-status`}
            className="select w-full"
            value={status}
            aria-invalid={errors.status ? true : undefined}
            onChange={(event) => {
              const next = moves.find((move) => move === event.target.value);
              if (next) setStatus(next);
            }}
          >
            {moves.map((move) => (
              <option key={move} value={move}>
                {request.status === 'scheduled' && move === 'acknowledged'
                  ? 'Acknowledged (the visit is called off)'
                  : MAINTENANCE_STATUS_LABELS[move]}
              </option>
            ))}
          </select>
        </div>
        {status === 'waiting' && (
          <div className="space-y-1.5">
            <label htmlFor={`${id}-waiting`} className="block text-sm font-medium">
              Waiting on
            </label>
            <select
              id={`${id}-waiting`}
              className="select w-full"
              value={waitingOn}
              aria-invalid={errors.waitingOn ? true : undefined}
              aria-describedby={errors.waitingOn ? `${id}-waiting-error` : undefined}
              onChange={(event) => {
                const next = WAITING_ON.find((value) => value === event.target.value);
                setWaitingOn(next ?? '');
              }}
            >
              <option value="" disabled>
                Choose one
              </option>
              {WAITING_ON.map((value) => (
                <option key={value} value={value}>
                  {WAITING_ON_LABELS[value]}
                </option>
              ))}
            </select>
            {errors.waitingOn && (
              <p id={`${id}-waiting-error`} role="alert" className="text-sm text-error">
                {errors.waitingOn}
              </p>
            )}
          </div>
        )}
        <div className="space-y-1.5">
          <label htmlFor={`${id}-note`} className="block text-sm font-medium">
            Note for the tenant (optional)
          </label>
          <textarea
            id={`${id}-note`}
            className="textarea w-full"
            rows={2}
            value={note}
            maxLength={MAINTENANCE_LIMITS.statusNote}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? `${id}-note-error` : undefined}
            onChange={(event) => setNote(event.target.value)}
          />
          {errors.note && (
            <p id={`${id}-note-error`} role="alert" className="text-sm text-error">
              {errors.note}
            </p>
          )}
        </div>
        <BusyButton busy={changing.isPending} type="submit" className="btn btn-primary w-full">
          Change status
        </BusyButton>
      </form>
    </Panel>
  );
}

function AssignForm({ request }: { request: MaintenanceRequest }) {
  const id = useId();
  const contacts = useContacts();
  const assigning = useAssignContact(request._id);
  const [choice, setChoice] = useState<string | undefined>();
  const chosen = choice ?? request.assignee?._id ?? '';
  const closed = isFinished(request.status);
  return (
    <Panel title="Assigned to">
      {contacts.isPending ? (
        <div className="skeleton h-10 w-full" aria-hidden="true" />
      ) : contacts.isError ? (
        <p className="text-sm text-error">The contacts could not be loaded.</p>
      ) : contacts.data.length === 0 ? (
        <p className="text-sm text-base-content/75">
          No contact yet.{' '}
          <Link to="/dashboard/maintenance-contacts" className="link link-primary">
            Add staff and vendors
          </Link>{' '}
          to assign requests to them.
        </p>
      ) : (
        <form
          noValidate
          aria-label="Assign the request"
          className="space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            void settle(
              assigning.mutateAsync({ version: request.version, contactId: chosen || null }),
              {
                onSuccess: () => {
                  dismissErrorToast('maintenance-admin');
                  toast.success(MAINTENANCE_MESSAGES.assigned);
                },
                onError: (error) => failed(error, 'The assignment could not be saved. Try again.'),
              },
            );
          }}
        >
          <div className="space-y-1.5">
            <label htmlFor={`${id}-contact`} className="block text-sm font-medium">
              Contact
            </label>
            <select
              id={`${id}-contact`}
              className="select w-full"
              value={chosen}
              disabled={closed}
              onChange={(event) => setChoice(event.target.value)}
            >
              <option value="">Nobody</option>
              {contacts.data.map((contact) => (
                <option key={contact._id} value={contact._id}>
                  {contact.name} · {contact.trade}
                </option>
              ))}
            </select>
          </div>
          <div className="flex items-center justify-between gap-3">
            <Link to="/dashboard/maintenance-contacts" className="link link-hover text-sm">
              Manage contacts
            </Link>
            <BusyButton
              busy={assigning.isPending}
              type="submit"
              className="btn btn-outline btn-primary"
              disabled={closed}
              unavailable={chosen === (request.assignee?._id ?? '')}
            >
              Assign
            </BusyButton>
          </div>
        </form>
      )}
    </Panel>
  );
}

function VisitForm({ request }: { request: MaintenanceRequest }) {
  const id = useId();
  const scheduling = useScheduleVisit(request._id);
  const [date, setDate] = useState(request.visit?.date ?? '');
  const [from, setFrom] = useState(request.visit?.from ?? '09:00');
  const [to, setTo] = useState(request.visit?.to ?? '12:00');
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!request.can.scheduleVisit) {
    return (
      <Panel title="Visit">
        <p className="text-sm text-base-content/75">{MAINTENANCE_MESSAGES.visitStatus}</p>
      </Panel>
    );
  }
  const field = (
    name: 'date' | 'from' | 'to',
    label: string,
    type: 'date' | 'time',
    value: string,
    set: (value: string) => void,
  ) => (
    <div className="space-y-1.5">
      <label htmlFor={`${id}-${name}`} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type={type}
        className="input w-full"
        value={value}
        required
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => set(event.target.value)}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} role="alert" className="text-sm text-error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  return (
    <Panel title="Visit">
      <form
        noValidate
        aria-label="Schedule a visit"
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = MaintenanceVisitRequestSchema.safeParse({
            version: request.version,
            date,
            from,
            to,
          });
          if (!parsed.success) {
            const found = issuesByField(parsed.error);
            // An empty day fails the date format before it can be called missing.
            if (!date) found.date = 'Choose the day';
            setErrors(found);
            return;
          }
          setErrors({});
          void settle(scheduling.mutateAsync(parsed.data), {
            onSuccess: () => {
              dismissErrorToast('maintenance-admin');
              toast.success(MAINTENANCE_MESSAGES.visitSaved);
            },
            onError: (error) => failed(error, 'The visit could not be scheduled. Try again.'),
          });
        }}
      >
        {field('date', 'Day', 'date', date, setDate)}
        <div className="grid grid-cols-2 gap-3">
          {field('from', 'From', 'time', from, setFrom)}
          {field('to', 'To', 'time', to, setTo)}
        </div>
        <BusyButton
          busy={scheduling.isPending}
          type="submit"
          className="btn btn-outline btn-primary w-full"
        >
          {request.visit ? 'Move the visit' : 'Schedule visit'}
        </BusyButton>
      </form>
    </Panel>
  );
}
