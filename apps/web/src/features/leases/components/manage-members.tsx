import type { Member } from '@structomate/contract';
import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Avatar } from '../../../components/avatar';
import { memberBalance, owedAfterRemoval } from './member-balance';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { Pager } from '../../../components/pager';
import { useFromList, useKeepPageInRange, usePageParam } from '../../../lib/use-page';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { Link, useNavigate } from 'react-router';
import { messageOf } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/format';
import { useToday } from '../../../lib/now';
import { useSiteConfig } from '../../../lib/site-config';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { LoadError } from '../../../components/load-error';

/** Spec §2 Manage Members: Name, Email and Remove, with a confirmation before removing. */
export function ManageMembers() {
  const [page, setPage] = usePageParam();
  const { data, isPending, isError, refetch } = useMembers(page);
  const members = data?.items;
  useKeepPageInRange(page, data?.pageCount, setPage);
  const remove = useRemoveMember();
  // The member asked about stays in the dialog while it fades out after closing.
  const [asked, setAsked] = useState<{ member: Member; open: boolean } | null>(null);
  const confirming = asked?.member ?? null;
  const today = useToday(useSiteConfig().data?.timeZone);

  const navigate = useNavigate();
  const fromList = useFromList();
  const refused = confirming?.removalRefused;

  const ask = (member: Member) => setAsked({ member, open: true });
  const close = () => setAsked((current) => current && { ...current, open: false });
  const confirm = () => {
    const member = confirming;
    close();
    if (!member) return;
    // Paid ahead, the lease is ended on a day instead, from the rent account (End lease).
    if (member.removalRefused) {
      void navigate(member._id, { state: fromList });
      return;
    }
    remove.mutate(member, {
      onSuccess: ({ displayName }) => toast.success(`${displayName} removed`),
      onError: (error) => toast.error(messageOf(error, 'Internal Server Error!')),
    });
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Manage Members"
        description="Tenants with an accepted lease. Removing one ends the lease and frees the apartment."
      />
      {isPending ? (
        <LoadingSpinner label="Loading members" />
      ) : isError ? (
        <LoadError onRetry={refetch}>The members could not be loaded.</LoadError>
      ) : !members || members.length === 0 ? (
        <EmptyState>No members yet. Accepted agreement requests make tenants members.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table" aria-label="Members">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="hidden sm:table-cell">
                  Email
                </th>
                <th scope="col" className="hidden md:table-cell">
                  Apartment
                </th>
                <th scope="col" className="hidden sm:table-cell">
                  Balance
                </th>
                <th scope="col" className="text-right">
                  Remove
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member._id}>
                  <td>
                    <div className="flex items-center gap-3">
                      <Avatar name={member.displayName} photoURL={member.photoURL} size={36} />
                      <div className="min-w-0">
                        {/* The rent account, as from the former tenants' table below. */}
                        <Link
                          to={member._id}
                          state={fromList}
                          className="link link-hover font-medium text-primary"
                        >
                          {member.displayName}
                        </Link>
                        {/* On phones the email, apartment and balance sit under the name, not in columns. */}
                        <p className="max-w-44 truncate text-xs text-base-content/70 sm:hidden">
                          {member.email}
                        </p>
                        {member.apartmentNo && (
                          <p className="text-xs text-base-content/70 md:hidden">
                            Apartment {member.apartmentNo}
                          </p>
                        )}
                        <p className="text-xs sm:hidden">
                          <RentLink member={member} today={today} />
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="hidden sm:table-cell">{member.email}</td>
                  <td className="hidden md:table-cell">{member.apartmentNo ?? 'N/A'}</td>
                  <td className="hidden sm:table-cell">
                    <RentLink member={member} today={today} />
                  </td>
                  <td className="text-right">
                    <button
                      type="button"
                      className="btn btn-outline btn-error btn-sm"
                      aria-label={`Remove ${member.displayName}`}
                      disabled={remove.isPending && remove.variables._id === member._id}
                      onClick={() => ask(member)}
                    >
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.pageCount > 1 && (
        <Pager page={page} pageCount={data.pageCount} onPage={setPage} />
      )}
      <ConfirmDialog
        open={asked?.open ?? false}
        title={
          refused
            ? `${confirming?.displayName ?? ''} cannot be removed today`
            : `Remove ${confirming?.displayName ?? ''}?`
        }
        confirmLabel={refused ? 'Open rent account' : 'Remove'}
        tone={refused ? 'primary' : 'danger'}
        onConfirm={confirm}
        onClose={close}
      >
        {refused ? (
          <p>{refused}</p>
        ) : (
          <p>
            Their lease
            {confirming?.apartmentNo ? ` of apartment ${confirming.apartmentNo}` : ''}
            {/* A lease that has not started bills no month once ended (the ledger's rule). */}
            {confirming?.leaseStart && confirming.leaseStart > today
              ? `, due to start on ${formatShortDate(confirming.leaseStart)}, ends today and bills no rent;`
              : ' ends today,'}{' '}
            the apartment becomes available, and they keep a resident account without a lease.
            {confirming ? owedAfterRemoval(confirming) : ''}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

/**
 * What a member owes `today`, linking to their record (every month of their rent, their charges).
 */
function RentLink({ member, today }: { member: Member; today: string }) {
  const fromList = useFromList();
  const { status, owes } = memberBalance(member, today);
  return (
    <Link
      to={member._id}
      state={fromList}
      className="link link-hover whitespace-nowrap"
      // Named by what it shows first (WCAG 2.5.3), then by where it leads.
      aria-label={`${status}, rent account of ${member.displayName}`}
    >
      {owes ? <span className="font-medium text-error">{status}</span> : status}
    </Link>
  );
}
