import type { Member } from '@structomate/contract';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { Avatar } from '../../../components/avatar';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { useMembers } from '../api/get-members';
import { useRemoveMember } from '../api/remove-member';
import { LoadError } from '../../../components/load-error';

/** Spec §2 Manage Members: Name, Email and Remove, with a confirmation before removing. */
export function ManageMembers() {
  const { data: members, isPending, isError, refetch } = useMembers();
  const remove = useRemoveMember();
  const [confirming, setConfirming] = useState<Member | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const ask = (member: Member) => {
    setConfirming(member);
    dialog.current?.showModal();
  };
  const confirm = () => {
    const member = confirming;
    dialog.current?.close();
    if (!member) return;
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
      ) : members.length === 0 ? (
        <EmptyState>No members yet. Accepted agreement requests make tenants members.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col" className="hidden sm:table-cell">
                  Email
                </th>
                <th scope="col" className="hidden md:table-cell">
                  Apartment
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
                        <p className="font-medium">{member.displayName}</p>
                        {/* On phones the email sits under the name instead of in its own column. */}
                        <p className="max-w-44 truncate text-xs text-base-content/70 sm:hidden">
                          {member.email}
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="hidden sm:table-cell">{member.email}</td>
                  <td className="hidden md:table-cell">{member.apartmentNo ?? 'N/A'}</td>
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
      <dialog ref={dialog} className="modal" aria-labelledby="remove-member-title">
        <div className="modal-box">
          <h2 id="remove-member-title" className="text-lg font-semibold">
            Remove {confirming?.displayName}?
          </h2>
          <p className="mt-2 text-base-content/75">
            Their lease
            {confirming?.apartmentNo ? ` of apartment ${confirming.apartmentNo}` : ''} ends today,
            the apartment becomes available, and they keep a resident account without a lease.
          </p>
          <div className="modal-action">
            <form method="dialog">
              <button type="submit" className="btn btn-ghost">
                Cancel
              </button>
            </form>
            <button type="button" className="btn btn-error" onClick={confirm}>
              Remove
            </button>
          </div>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit" tabIndex={-1}>
            Close
          </button>
        </form>
      </dialog>
    </div>
  );
}
