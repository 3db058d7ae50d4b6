import {
  addMonths,
  dayLabel,
  defaultEndDate,
  defaultRenewalEnd,
  latestEndDate,
  latestRenewalEnd,
  leaseEndIssue,
  monthEnd,
  monthLabel,
  rentInMonth,
  runsMonthToMonth,
  type Agreement,
  type FieldIssue,
} from '@structomate/contract';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { ApiError, messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { formatRent, formatShortDate, ordinal } from '../../../lib/format';
import { useSiteConfig } from '../../../lib/site-config';
import { useChangeLease, useLease, type LeaseChangeRequest } from '../api/lease-changes';
import { useToday } from '../../../lib/now';
import { BusyButton } from '../../../components/busy-button';

type Mode = 'view' | 'renew' | 'end';

/**
 * The admin's hold on a running lease, on the member's rent account: its terms and rent, its end
 * if notice was given, and Renew (a later end, a new rent from a month) or End lease (on a day:
 * it runs through it, and the apartment is free from the next).
 */
export function LeasePanel({ leaseId }: { leaseId: string }) {
  const lease = useLease(leaseId);
  const [mode, setMode] = useState<Mode>('view');
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-5"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        Current lease
      </h2>
      {lease.isPending ? (
        <LoadingSpinner label="Loading the lease" />
      ) : lease.isError ? (
        <LoadError onRetry={lease.refetch}>The lease could not be loaded.</LoadError>
      ) : (
        <LeaseDetails
          lease={lease.data.result}
          paidThrough={lease.data.paidThrough}
          mode={mode}
          onMode={setMode}
        />
      )}
    </section>
  );
}

function LeaseDetails({
  lease,
  paidThrough,
  mode,
  onMode,
}: {
  lease: Agreement;
  /** The last month paid under the lease (YYYY-MM), or null. */
  paidThrough: string | null;
  mode: Mode;
  onMode: (mode: Mode) => void;
}) {
  const today = useToday(useSiteConfig().data?.timeZone);
  const change = useChangeLease(lease._id);
  const [withdrawing, setWithdrawing] = useState(false);
  const terms = lease.terms;
  const currentRent = rentInMonth(
    lease.apartmentDetails.rent,
    lease.rentChanges,
    today.slice(0, 7),
  );
  const facts: [string, ReactNode][] = [
    [
      'Apartment',
      `${lease.apartmentDetails.apartmentNo} · block ${lease.apartmentDetails.blockName}`,
    ],
    ['Rent now', formatRent(currentRent)],
  ];
  if (terms) {
    const endsEarly = lease.endsOn !== null && lease.endsOn < terms.endDate;
    facts.push(
      [
        'Term',
        // A date is never broken across lines ("31 / Jan, 2026" on a phone); the term may be.
        // A lease ended (or ending) before its fixed term shows its real last day, and the term's.
        endsEarly ? (
          <>
            <span className="whitespace-nowrap">{formatShortDate(terms.startDate)}</span> –{' '}
            <span className="whitespace-nowrap">{formatShortDate(lease.endsOn ?? '')}</span>, before
            the term&apos;s end on{' '}
            <span className="whitespace-nowrap">{formatShortDate(terms.endDate)}</span>
          </>
        ) : (
          <>
            <span className="whitespace-nowrap">{formatShortDate(terms.startDate)}</span> –{' '}
            <span className="whitespace-nowrap">{formatShortDate(terms.endDate)}</span>
            {runsMonthToMonth(terms.endDate, lease.endsOn, today) ? ', then month to month' : ''}
          </>
        ),
      ],
      ['Deposit', terms.deposit === 0 ? 'None' : formatRent(terms.deposit)],
      ['Rent due', `On the ${ordinal(terms.rentDueDay)}`],
      ['Notice', `${terms.noticeDays} days`],
    );
  }
  // The last month paid: months before it may still be unpaid (the ledger and the rent roll's
  // "Paid through" say which), but the lease cannot end before it.
  facts.push(['Last month paid', paidThrough ? monthLabel(paidThrough) : 'None yet']);
  const withdraw = () =>
    change.mutate(
      { kind: 'withdraw' },
      {
        onSuccess: () => {
          setWithdrawing(false);
          toast.success('The end date is withdrawn: the lease runs on.');
        },
        onError: (error) => {
          setWithdrawing(false);
          toast.error(messageOf(error, 'The end date could not be withdrawn. Try again.'));
        },
      },
    );

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
              {label}
            </dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      {lease.rentChanges.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label="Rent changes">
          {lease.rentChanges.map((rentChange) => (
            <li key={rentChange.fromMonth}>
              From {monthLabel(rentChange.fromMonth)}: {formatRent(rentChange.rent)} a month
            </li>
          ))}
        </ul>
      )}
      {lease.endsOn && (
        <div role="status" className="alert alert-warning alert-soft flex flex-wrap">
          <span className="flex-1">
            This lease ends on <strong>{dayLabel(lease.endsOn)}</strong>. The apartment is free from
            the next day.
          </span>
          <button
            type="button"
            className="btn btn-sm btn-ghost"
            disabled={change.isPending}
            onClick={() => setWithdrawing(true)}
          >
            Withdraw the end
          </button>
        </div>
      )}
      {mode === 'view' && (
        <div className="flex flex-wrap gap-2">
          {terms && (
            <button type="button" className="btn btn-primary" onClick={() => onMode('renew')}>
              Renew lease
            </button>
          )}
          <button type="button" className="btn btn-outline btn-error" onClick={() => onMode('end')}>
            {lease.endsOn ? 'Change the end date' : 'End lease'}
          </button>
        </div>
      )}
      {mode === 'renew' && terms && (
        <RenewForm
          lease={lease}
          paidThrough={paidThrough}
          today={today}
          onDone={() => onMode('view')}
        />
      )}
      {mode === 'end' && (
        <EndForm
          lease={lease}
          paidThrough={paidThrough}
          today={today}
          onDone={() => onMode('view')}
        />
      )}
      <ConfirmDialog
        open={withdrawing}
        title="Withdraw the end date?"
        confirmLabel="Withdraw"
        onConfirm={withdraw}
        onClose={() => setWithdrawing(false)}
      >
        The lease will run on as before, with no end date.
      </ConfirmDialog>
    </div>
  );
}

/** The server's refusals, by field; a refusal with no field on this form is a toast. */
function useIssues() {
  const [issues, setIssues] = useState<Record<string, string>>({});
  const fail = (error: unknown, fallback: string) => {
    const found: Record<string, string> = {};
    if (error instanceof ApiError) {
      error.issues.forEach((issue: FieldIssue) => {
        found[issue.path] ??= issue.message;
      });
    }
    setIssues(found);
    if (Object.keys(found).length === 0) toast.error(messageOf(error, fallback));
  };
  return { issues, setIssues, fail };
}

function RenewForm({
  lease,
  paidThrough,
  today,
  onDone,
}: {
  lease: Agreement;
  /** The last month paid under the lease: a new rent starts after it. */
  paidThrough: string | null;
  today: string;
  onDone: () => void;
}) {
  const terms = lease.terms;
  const change = useChangeLease(lease._id);
  const { issues, setIssues, fail } = useIssues();
  const id = useId();
  const currentEnd = terms?.endDate ?? today;
  const base = currentEnd > today ? currentEnd : today;
  const [endDate, setEndDate] = useState(
    defaultRenewalEnd(terms?.endDate ?? null, terms?.termMonths ?? 12, today),
  );
  const [newRent, setNewRent] = useState(false);
  const [rent, setRent] = useState('');
  // This month, or the month after the last one paid (a month paid keeps the rent it was paid
  // at, and the server refuses a new rent from it), through the new end's (a renewal runs at
  // most five years: 61 months at most).
  const thisMonth = today.slice(0, 7);
  const afterPaid = paidThrough ? addMonths(paidThrough, 1) : thisMonth;
  const firstMonth = afterPaid > thisMonth ? afterPaid : thisMonth;
  const months = Array.from({ length: 61 }, (_, index) => addMonths(firstMonth, index)).filter(
    (month) => month <= endDate.slice(0, 7),
  );
  // The month after the term; for a lease already past it, this month (a month gone is not offered).
  const afterTerm = addMonths(currentEnd.slice(0, 7), 1);
  const [rentFrom, setRentFrom] = useState(afterTerm > firstMonth ? afterTerm : firstMonth);
  // A shorter end may leave the chosen month out: the nearest month still offered is sent.
  const from = months.includes(rentFrom) ? rentFrom : (months.at(-1) ?? firstMonth);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (newRent && rent.trim() === '') {
      setIssues({ rent: 'Enter the new rent.' });
      return;
    }
    const request: LeaseChangeRequest = {
      kind: 'renew',
      body: newRent ? { endDate, rent: Number(rent), rentFrom: from } : { endDate },
    };
    change.mutate(request, {
      onSuccess: () => {
        toast.success(`Lease renewed to ${dayLabel(endDate)}.`);
        setIssues({});
        onDone();
      },
      onError: (error) => fail(error, 'The lease could not be renewed. Try again.'),
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4 border-t border-base-300 pt-4">
      <h3 className="font-semibold">Renew the lease</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-end`}
          label="New end date"
          hint={
            terms && runsMonthToMonth(terms.endDate, lease.endsOn, today)
              ? `Its fixed term ended on ${dayLabel(terms.endDate)}; it runs on month to month until renewed or ended.`
              : `The lease now ends on ${dayLabel(currentEnd)}.`
          }
          error={issues.endDate}
        >
          <input
            type="date"
            className="input w-full"
            value={endDate}
            min={defaultEndDate(base, 1)}
            max={latestRenewalEnd(today)}
            required
            onChange={(event) => setEndDate(event.target.value)}
            {...describedBy(`${id}-end`, issues.endDate, 'hint')}
          />
        </FormField>
      </div>
      <label className="flex cursor-pointer items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          className="checkbox checkbox-sm"
          checked={newRent}
          onChange={(event) => setNewRent(event.target.checked)}
        />
        Change the rent
      </label>
      {newRent && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-rent`} label="New rent (BDT a month)" error={issues.rent}>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              className="input w-full"
              value={rent}
              onChange={(event) => setRent(event.target.value)}
              {...describedBy(`${id}-rent`, issues.rent)}
            />
          </FormField>
          <FormField
            id={`${id}-from`}
            label="From"
            hint={
              firstMonth > thisMonth && paidThrough
                ? months.length
                  ? `Rent is paid for ${monthLabel(paidThrough)} at the current rent: the new one can start after it.`
                  : `Rent is paid for ${monthLabel(paidThrough)}, the new end's month: choose a later end to change the rent.`
                : 'Months already paid keep their rent.'
            }
            error={issues.rentFrom}
          >
            <select
              className="select w-full"
              value={from}
              onChange={(event) => setRentFrom(event.target.value)}
              {...describedBy(`${id}-from`, issues.rentFrom, 'hint')}
            >
              {months.map((month) => (
                <option key={month} value={month}>
                  {monthLabel(month)}
                </option>
              ))}
            </select>
          </FormField>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <BusyButton busy={change.isPending} type="submit" className="btn btn-primary">
          Renew lease
        </BusyButton>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function EndForm({
  lease,
  paidThrough,
  today,
  onDone,
}: {
  lease: Agreement;
  paidThrough: string | null;
  today: string;
  onDone: () => void;
}) {
  const change = useChangeLease(lease._id);
  const { issues, setIssues, fail } = useIssues();
  const id = useId();
  const noticeDays = lease.terms?.noticeDays ?? 30;
  // Not before today or the lease's start, nor before the last day of its last month paid: the
  // months paid are the tenant's to live in (the server refuses an earlier day).
  const paidEnd = paidThrough ? monthEnd(paidThrough) : today;
  const earliest = [today, lease.terms?.startDate ?? today, paidEnd].sort().at(-1) ?? today;
  const suggested = defaultEndDate(today, noticeDays);
  const [endDate, setEndDate] = useState(
    lease.endsOn ?? (suggested < earliest ? earliest : suggested),
  );
  const [confirming, setConfirming] = useState(false);

  const send = () =>
    change.mutate(
      { kind: 'end', body: { endDate } },
      {
        onSuccess: () => {
          setConfirming(false);
          setIssues({});
          toast.success(`The lease ends on ${dayLabel(endDate)}.`);
          onDone();
        },
        onError: (error) => {
          setConfirming(false);
          fail(error, 'The end date could not be set. Try again.');
        },
      },
    );

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A day the server would refuse is said at the field, not confirmed first.
        const issue = leaseEndIssue({
          endDate,
          today,
          startDate: lease.terms?.startDate ?? null,
          paidThrough,
        });
        setIssues(issue ? { endDate: issue } : {});
        if (!issue) setConfirming(true);
      }}
      className="space-y-4 border-t border-base-300 pt-4"
    >
      <h3 className="font-semibold">End the lease</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id={`${id}-end`}
          label="Last day of the lease"
          hint={
            paidEnd > today && paidThrough
              ? `${noticeDays} days' notice from today ends it on ${dayLabel(suggested)}. Rent is paid for ${monthLabel(paidThrough)}, so it can end on ${dayLabel(paidEnd)} at the earliest.`
              : `${noticeDays} days' notice from today ends it on ${dayLabel(suggested)}.`
          }
          error={issues.endDate}
        >
          <input
            type="date"
            className="input w-full"
            value={endDate}
            min={earliest}
            max={latestEndDate(today)}
            required
            onChange={(event) => setEndDate(event.target.value)}
            {...describedBy(`${id}-end`, issues.endDate, 'hint')}
          />
        </FormField>
      </div>
      <div className="flex flex-wrap gap-2">
        <BusyButton
          busy={change.isPending}
          type="submit"
          className="btn btn-error"
          disabled={!endDate}
        >
          End lease on this day
        </BusyButton>
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          Cancel
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={`End the lease on ${endDate ? dayLabel(endDate) : '…'}?`}
        confirmLabel="End lease"
        onConfirm={send}
        onClose={() => setConfirming(false)}
      >
        {lease.tenant} stays a member through that day. From the next, apartment{' '}
        {lease.apartmentDetails.apartmentNo} is free to let and they become a user again; rent is
        billed through that month.
      </ConfirmDialog>
    </form>
  );
}
