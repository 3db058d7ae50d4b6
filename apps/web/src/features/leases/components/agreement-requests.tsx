import type { Agreement } from '@structomate/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Avatar } from '../../../components/avatar';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { Pager } from '../../../components/pager';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime, formatRent } from '../../../lib/format';
import { useKeepPageInRange } from '../../../lib/use-page';
import { useDecideAgreement, type Decision } from '../api/decide-agreement';
import { usePendingAgreements } from '../api/get-pending-agreements';
import { LoadError } from '../../../components/load-error';

const roleName = { user: 'User', member: 'Member', admin: 'Admin' };
const statusName = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Rejected',
  ended: 'Ended',
};

/** Spec §2 Agreement Requests: one card per pending request, with Accept and Reject. */
export function AgreementRequests() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = usePendingAgreements(page);
  const requests = data?.items;
  useKeepPageInRange(page, data?.pageCount, setPage);
  const decide = useDecideAgreement();

  const answer = (decision: Decision, agreement: Agreement) =>
    decide.mutate(
      { decision, agreement },
      {
        onSuccess: () =>
          toast.success(decision === 'accept' ? 'Agreement Checked' : 'Agreement rejected!'),
        // A request someone else already answered says so; anything else is the spec's message.
        onError: (error) =>
          toast.error(
            error instanceof ApiError && error.status === 409
              ? error.message
              : 'Internal Server Error!',
          ),
      },
    );

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
        <ul className="grid gap-4 xl:grid-cols-2">
          {requests.map((agreement) => {
            const busy = decide.isPending && decide.variables.agreement._id === agreement._id;
            const flat = agreement.apartmentDetails;
            return (
              <li key={agreement._id}>
                <article
                  aria-label={`Request from ${agreement.tenant} for apartment ${flat.apartmentNo}`}
                  className="card h-full border border-base-300 bg-base-100 shadow-sm"
                >
                  <div className="card-body gap-4 p-5">
                    <header className="flex items-center gap-3">
                      <Avatar name={agreement.tenant} photoURL={agreement.tenantImage} size={44} />
                      <div className="min-w-0">
                        <h2 className="truncate text-lg font-semibold">{agreement.tenant}</h2>
                        <p className="truncate text-sm text-base-content/75">
                          {agreement.tenantEmail}
                        </p>
                      </div>
                      <span className="chip chip-warning ml-auto">
                        {statusName[agreement.status]}
                      </span>
                    </header>
                    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
                      {[
                        ['Apartment', flat.apartmentNo],
                        ['Floor', flat.floorNo],
                        ['Block', flat.blockName],
                        ['Rent', `${formatRent(flat.rent)}`],
                        ['Tenant type', roleName[agreement.tenantRole]],
                        ['Requested', formatDateTime(agreement.agreementSigningDate)],
                      ].map(([label, value]) => (
                        <div key={label}>
                          <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
                            {label}
                          </dt>
                          <dd className="font-medium">{value}</dd>
                        </div>
                      ))}
                    </dl>
                    <div className="card-actions justify-end">
                      <button
                        type="button"
                        className="btn btn-outline btn-error"
                        disabled={busy}
                        onClick={() => answer('reject', agreement)}
                      >
                        Reject
                      </button>
                      <button
                        type="button"
                        className="btn btn-primary"
                        disabled={busy}
                        onClick={() => answer('accept', agreement)}
                      >
                        {busy && (
                          <span className="loading loading-spinner loading-sm" aria-hidden="true" />
                        )}
                        Accept
                      </button>
                    </div>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {data && data.pageCount > 1 && (
        <Pager page={page} pageCount={data.pageCount} onPage={setPage} />
      )}
    </div>
  );
}
