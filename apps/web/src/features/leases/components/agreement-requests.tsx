import { leaseEndDate, type Agreement, type PendingAgreement } from '@structomate/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { Avatar } from '../../../components/avatar';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { Pager } from '../../../components/pager';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import {
  formatDateTime,
  formatOwedItems,
  formatRent,
  formatShortDate,
  formatWhen,
  ordinal,
} from '../../../lib/format';
import { useKeepPageInRange, usePageParam } from '../../../lib/use-page';
import { useAnswersUnderway, useDecideAgreement, type Decision } from '../api/decide-agreement';
import { usePendingAgreements } from '../api/get-pending-agreements';
import { LoadError } from '../../../components/load-error';
import { BusyButton } from '../../../components/busy-button';
import { EmailAddress } from '../../../components/email-address';

const roleName = { user: 'User', member: 'Member', admin: 'Admin' };
const statusName = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  ended: 'Ended',
};

/** Spec §2 Agreement Requests: one card per pending request, with Accept and Reject. */
export function AgreementRequests() {
  const [page, setPage] = usePageParam();
  const { data, isPending, isError, refetch } = usePendingAgreements(page);
  const requests = data?.items;
  useKeepPageInRange(page, data?.pageCount, setPage);
  const decide = useDecideAgreement();
  // The request a Reject was clicked on, until the admin confirms or keeps it: a rejection cannot
  // be taken back, and the applicant is told at once.
  const [rejecting, setRejecting] = useState<Agreement | null>(null);
  // An acceptance that declines other requests for the apartment asks first (ours; one that
  // declines nobody is the spec's single click).
  const [confirming, setConfirming] = useState<{
    agreement: PendingAgreement;
    startDate?: string;
  } | null>(null);

  const underway = useAnswersUnderway();
  const answering = (agreement: Agreement, decision?: Decision) =>
    underway.some(
      (answer) =>
        answer.agreement._id === agreement._id && (!decision || answer.decision === decision),
    );

  // Each answer has its own toast and closes its own dialog: the admin may answer another request
  // while one is still being sent (the mutation's own callbacks would follow the latest only).
  const answer = (decision: Decision, agreement: Agreement, startDate?: string) =>
    decide
      .mutateAsync({ decision, agreement, startDate })
      .then(
        () => toast.success(decision === 'accept' ? 'Agreement Checked' : 'Agreement rejected!'),
        // A request someone else already answered says so; anything else is the spec's message.
        (error: unknown) =>
          toast.error(
            error instanceof ApiError && (error.status === 409 || error.status === 400)
              ? error.message
              : 'Internal Server Error!',
          ),
      )
      // The dialog of this very answer closes; one opened for another request meanwhile stays.
      .finally(() => {
        setRejecting((open) => (open?._id === agreement._id ? null : open));
        setConfirming((open) => (open?.agreement._id === agreement._id ? null : open));
      });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Agreement Requests"
        description="Lease requests waiting for your answer, oldest first."
      />
      {isPending ? (
        <LoadingSpinner label="Loading agreement requests" />
      ) : isError ? (
        <LoadError onRetry={refetch}>The requests could not be loaded.</LoadError>
      ) : !requests || requests.length === 0 ? (
        <EmptyState>No Pending Agreements.</EmptyState>
      ) : (
        <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          {requests.map((agreement) => (
            <li key={agreement._id}>
              <RequestCard
                agreement={agreement}
                busy={answering(agreement)}
                accepting={answering(agreement, 'accept')}
                onAnswer={(decision, chosen, startDate) =>
                  decision === 'reject'
                    ? setRejecting(chosen)
                    : chosen.otherRequests !== 0
                      ? setConfirming({ agreement: chosen, startDate })
                      : answer(decision, chosen, startDate)
                }
              />
            </li>
          ))}
        </ul>
      )}
      {data && data.pageCount > 1 && (
        <Pager page={page} pageCount={data.pageCount} onPage={setPage} />
      )}
      <ConfirmDialog
        open={rejecting !== null}
        title={
          rejecting
            ? `Reject ${rejecting.tenant}'s request for ${rejecting.apartmentDetails.apartmentNo}?`
            : 'Reject this request?'
        }
        confirmLabel="Reject request"
        dismissLabel="Keep it"
        busy={rejecting !== null && answering(rejecting, 'reject')}
        onConfirm={() => rejecting && answer('reject', rejecting)}
        onClose={() => setRejecting(null)}
      >
        The applicant is told that the building declined it. This cannot be undone.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming
            ? `Accept ${confirming.agreement.tenant}'s request for ${confirming.agreement.apartmentDetails.apartmentNo}?`
            : 'Accept this request?'
        }
        confirmLabel="Accept request"
        dismissLabel="Not yet"
        tone="primary"
        busy={confirming !== null && answering(confirming.agreement, 'accept')}
        onConfirm={() => confirming && answer('accept', confirming.agreement, confirming.startDate)}
        onClose={() => setConfirming(null)}
      >
        {confirming && declinedWith(confirming.agreement)}
      </ConfirmDialog>
    </div>
  );
}

const othersWaiting = (agreement: PendingAgreement) =>
  agreement.otherRequests === 1
    ? `1 other request for ${agreement.apartmentDetails.apartmentNo} is waiting.`
    : `${agreement.otherRequests} other requests for ${agreement.apartmentDetails.apartmentNo} are waiting.`;

/** What accepting this request does to the others for its apartment. */
const declinedWith = (agreement: PendingAgreement) =>
  agreement.otherRequests === undefined
    ? `Any other request for ${agreement.apartmentDetails.apartmentNo} is declined, and its applicant is told. This cannot be undone.`
    : agreement.otherRequests === 1
      ? `The other request for ${agreement.apartmentDetails.apartmentNo} is declined, and its applicant is told. This cannot be undone.`
      : `The ${agreement.otherRequests} other requests for ${agreement.apartmentDetails.apartmentNo} are declined, and their applicants are told. This cannot be undone.`;

/** One request: who asks for which apartment, on what terms; the start may be moved before accepting. */
function RequestCard({
  agreement,
  busy,
  accepting,
  onAnswer,
}: {
  agreement: PendingAgreement;
  /** An answer to it is on its way (an acceptance, or a rejection confirmed in its dialog). */
  busy: boolean;
  accepting: boolean;
  onAnswer: (decision: Decision, agreement: PendingAgreement, startDate?: string) => void;
}) {
  const flat = agreement.apartmentDetails;
  const owes = agreement.applicantOwes;
  const terms = agreement.terms;
  const [startDate, setStartDate] = useState(terms?.startDate ?? '');
  const startId = `start-${agreement._id}`;
  const moved = terms !== null && startDate !== '' && startDate !== terms.startDate;
  const facts: [string, ReactNode][] = [
    ['Apartment', flat.apartmentNo],
    ['Floor', flat.floorNo],
    ['Block', flat.blockName],
    ['Rent', formatRent(flat.rent)],
    ['Tenant type', roleName[agreement.tenantRole]],
    ['Requested', formatDateTime(agreement.agreementSigningDate)],
  ];
  if (terms) {
    facts.push(
      [
        'Lease',
        `${formatShortDate(moved ? startDate : terms.startDate)} – ${formatShortDate(moved ? leaseEndDate(startDate, terms.termMonths) : terms.endDate)}`,
      ],
      ['Deposit', terms.deposit === 0 ? 'None' : formatRent(terms.deposit)],
      ['Rent due', `On the ${ordinal(terms.rentDueDay)}`],
    );
  }
  return (
    <article
      aria-label={`Request from ${agreement.tenant} for apartment ${flat.apartmentNo}`}
      className="card h-full border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-5">
        <header className="flex items-center gap-3">
          <Avatar name={agreement.tenant} photoURL={agreement.tenantImage} size={44} />
          <div className="min-w-0">
            <h2 className="text-lg font-semibold [overflow-wrap:anywhere]">{agreement.tenant}</h2>
            <p className="text-sm text-base-content/75 [overflow-wrap:anywhere]">
              <EmailAddress email={agreement.tenantEmail} />
            </p>
          </div>
          <span className="chip chip-warning ml-auto">{statusName[agreement.status]}</span>
        </header>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          {facts.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
                {label}
              </dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {(agreement.otherRequests ?? 0) > 0 && (
          <p className="text-sm text-base-content/75">{othersWaiting(agreement)}</p>
        )}
        {owes && (
          <p role="note" className="rounded-box border border-warning/60 bg-warning/15 p-3 text-sm">
            {`A former tenant: left ${owes.apartmentNo} owing ${formatRent(owes.amount)} (${formatOwedItems(owes.months, owes.charges)} unpaid). `}
            <Link
              to={`/dashboard/manage-members/${agreement.tenant_id}`}
              className="link font-medium"
            >
              See their rent account
            </Link>
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          {terms ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={startId} className="text-sm font-medium">
                Lease starts
              </label>
              <input
                id={startId}
                type="date"
                className="input input-sm w-full sm:w-44"
                value={startDate}
                min={formatWhen(agreement.agreementSigningDate, 'yyyy-MM-dd')}
                onChange={(event) => setStartDate(event.target.value)}
              />
            </div>
          ) : (
            <span />
          )}
          <div className="card-actions justify-end">
            <button
              type="button"
              className="btn btn-outline btn-error"
              disabled={busy}
              onClick={() => onAnswer('reject', agreement)}
            >
              Reject
            </button>
            <BusyButton
              busy={accepting}
              disabled={busy && !accepting}
              className="btn btn-primary"
              onClick={() => onAnswer('accept', agreement, moved ? startDate : undefined)}
            >
              Accept
            </BusyButton>
          </div>
        </div>
      </div>
    </article>
  );
}
