import {
  APARTMENT_MESSAGES,
  type ApartmentStatus,
  type ManagedApartment,
} from '@structomate/contract';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { messageOf } from '../../../lib/api-client';
import { discardUnsaved, useAnyUnsaved } from '../../../lib/unsaved-changes';
import { useChangeApartmentStatus } from '../api/change-apartment-status';
import { useDeleteApartment } from '../api/delete-apartment';

const done: Record<ApartmentStatus, (apartmentNo: string) => string> = {
  listed: (no) => `Apartment ${no} is on the listing`,
  unlisted: (no) => `Apartment ${no} is off the listing`,
  archived: (no) => `Apartment ${no} archived`,
};

/** Who lives there, and what the admin may do with it: list, unlist, archive, restore, delete. */
export function ApartmentStatusPanel({ apartment }: { apartment: ManagedApartment }) {
  const navigate = useNavigate();
  const changeStatus = useChangeApartmentStatus();
  const remove = useDeleteApartment();
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  const busy = changeStatus.isPending || remove.isPending;
  // A new status is a new version of the apartment, which starts the form below afresh: changes
  // typed there and not saved would be dropped without a word.
  const editing = useAnyUnsaved();
  const inUse = apartment.tenant !== null || apartment.pendingRequests > 0;

  async function setStatus(status: ApartmentStatus) {
    setConfirm(null);
    try {
      await changeStatus.mutateAsync({ id: apartment._id, status, version: apartment.version });
      toast.success(done[status](apartment.apartmentNo));
    } catch (error) {
      toast.error(messageOf(error, 'The apartment could not be changed. Try again.'));
    }
  }

  async function deleteIt() {
    setConfirm(null);
    try {
      await remove.mutateAsync({ id: apartment._id, version: apartment.version });
      toast.success(APARTMENT_MESSAGES.deleted(apartment.apartmentNo));
      // Deleted: an edit left in its form has nothing left to be saved to.
      discardUnsaved();
      await navigate('/dashboard/apartments');
    } catch (error) {
      toast.error(messageOf(error, 'The apartment could not be deleted. Try again.'));
    }
  }

  return (
    <section
      aria-label="Occupancy and status"
      className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6 md:grid-cols-[1fr_auto] md:items-center"
    >
      <div className="space-y-1 text-sm">
        <p>
          {apartment.tenant ? (
            <>
              Let to <span className="font-medium">{apartment.tenant.name}</span>{' '}
              <span className="text-base-content/70">({apartment.tenant.email})</span>
            </>
          ) : (
            <span className="font-medium">Vacant</span>
          )}
        </p>
        {apartment.pendingRequests > 0 && (
          <p>
            {apartment.pendingRequests === 1
              ? '1 lease request is waiting.'
              : `${apartment.pendingRequests} lease requests are waiting.`}{' '}
            <Link to="/dashboard/agreement-requests" className="link link-primary">
              Agreement Requests
            </Link>
          </p>
        )}
        {apartment.status === 'archived' ? (
          <p className="text-base-content/70">
            Archived: out of use and off every list but this one. Restore it to use it again.
          </p>
        ) : inUse ? (
          <p className="text-base-content/70">
            It can be archived once nobody lives here and no request is waiting.
          </p>
        ) : null}
        {editing && (
          <p className="text-base-content/70">
            Save or undo your changes below before you change its status.
          </p>
        )}
        {apartment.hasHistory && (
          <p className="text-base-content/70">
            It has lease requests on record, so it is kept: it can be archived but not deleted.
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2 md:justify-end">
        {apartment.status === 'listed' && (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy || editing}
            onClick={() => void setStatus('unlisted')}
          >
            Unlist
          </button>
        )}
        {apartment.status === 'unlisted' && (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={busy || editing}
            onClick={() => void setStatus('listed')}
          >
            List
          </button>
        )}
        {apartment.status === 'archived' ? (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy || editing}
            onClick={() => void setStatus('unlisted')}
          >
            Restore (unlisted)
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-outline btn-sm"
            disabled={busy || inUse || editing}
            onClick={() => setConfirm('archive')}
          >
            Archive
          </button>
        )}
        {!apartment.hasHistory && (
          <button
            type="button"
            className="btn btn-outline btn-error btn-sm"
            disabled={busy}
            onClick={() => setConfirm('delete')}
          >
            Delete
          </button>
        )}
      </div>
      <ConfirmDialog
        open={confirm === 'archive'}
        title={`Archive apartment ${apartment.apartmentNo}?`}
        confirmLabel="Archive"
        onConfirm={() => void setStatus('archived')}
        onClose={() => setConfirm(null)}
      >
        It leaves the listing and the building’s figures, and nobody can request it. Its history is
        kept, and you can restore it later.
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'delete'}
        title={`Delete apartment ${apartment.apartmentNo}?`}
        confirmLabel="Delete"
        onConfirm={() => void deleteIt()}
        onClose={() => setConfirm(null)}
      >
        It and its photos are removed for good. Nobody has ever requested it, so no lease is lost.
      </ConfirmDialog>
    </section>
  );
}
