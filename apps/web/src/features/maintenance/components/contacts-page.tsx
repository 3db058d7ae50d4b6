import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAINTENANCE_LIMITS,
  MAINTENANCE_MESSAGES,
  MaintenanceContactRequestSchema,
  type MaintenanceContact,
  type MaintenanceContactRequest,
} from '@structomate/contract';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { LuPencil, LuPhone, LuTrash2 } from 'react-icons/lu';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { dismissErrorToast, errorToast } from '../../../lib/error-toast';
import { showFieldIssues } from '../../../lib/field-issues';
import { useDeleteContact } from '../api/delete-contact';
import { useContacts } from '../api/get-contacts';
import { useSaveContact } from '../api/save-contact';
import { telHref } from './format';
import { settle } from './settle';
import { BusyButton } from '../../../components/busy-button';

const EMPTY: MaintenanceContactRequest = { name: '', trade: '', phone: '' };

/** Maintenance contacts (admin): the staff and vendors requests are assigned to. */
export function ContactsPage() {
  const contacts = useContacts();
  const [editing, setEditing] = useState<MaintenanceContact | undefined>();
  const [removing, setRemoving] = useState<MaintenanceContact | undefined>();
  const removal = useDeleteContact();
  const formRef = useRef<HTMLDivElement>(null);
  return (
    <div className="space-y-6">
      <Link to="/dashboard/maintenance" className="btn btn-ghost btn-sm">
        ← Maintenance
      </Link>
      <PageHeader
        title="Maintenance contacts"
        description="Staff and vendors who fix things: requests are assigned to them, and tenants see who is coming."
      />
      <div ref={formRef}>
        <ContactForm
          // A new key starts the form afresh for each contact edited (or a new one).
          key={editing?._id ?? 'new'}
          contact={editing}
          onDone={() => setEditing(undefined)}
        />
      </div>
      {contacts.isPending ? (
        <LoadingSpinner label="Loading the contacts" />
      ) : contacts.isError ? (
        <LoadError onRetry={contacts.refetch}>The contacts could not be loaded.</LoadError>
      ) : contacts.data.length === 0 ? (
        <EmptyState>No contact yet. Add the people who fix things in the building.</EmptyState>
      ) : (
        <ul
          className="divide-y divide-base-300 rounded-box border border-base-300 bg-base-100"
          aria-label="Contacts"
        >
          {contacts.data.map((contact) => (
            <li
              key={contact._id}
              className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:justify-between sm:px-5"
            >
              <div className="min-w-0">
                <p className="font-semibold [overflow-wrap:anywhere]">{contact.name}</p>
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/75">
                  <span>{contact.trade}</span>
                  <a
                    href={telHref(contact.phone)}
                    className="link link-hover inline-flex items-center gap-1 whitespace-nowrap"
                  >
                    <LuPhone aria-hidden="true" className="size-3.5" />
                    {contact.phone}
                  </a>
                  <span
                    className={contact.openRequests > 0 ? 'chip chip-info' : 'chip chip-neutral'}
                  >
                    {contact.openRequests === 1
                      ? '1 open request'
                      : `${contact.openRequests} open requests`}
                  </span>
                </p>
              </div>
              <div className="flex shrink-0 gap-2">
                <button
                  type="button"
                  className="btn btn-ghost btn-sm"
                  aria-label={`Edit ${contact.name}`}
                  onClick={() => {
                    setEditing(contact);
                    formRef.current?.scrollIntoView({ block: 'start' });
                  }}
                >
                  <LuPencil aria-hidden="true" />
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-ghost btn-sm text-error"
                  aria-label={`Remove ${contact.name}`}
                  onClick={() => setRemoving(contact)}
                >
                  <LuTrash2 aria-hidden="true" />
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove ${removing?.name ?? 'this contact'}?`}
        confirmLabel="Remove contact"
        dismissLabel="Keep"
        busy={removal.isPending}
        onClose={() => setRemoving(undefined)}
        onConfirm={() => {
          if (!removing) return;
          void settle(removal.mutateAsync(removing._id), {
            onSuccess: () => {
              dismissErrorToast('maintenance-contact');
              toast.success(MAINTENANCE_MESSAGES.contactDeleted);
              if (editing?._id === removing._id) setEditing(undefined);
            },
            onError: (error) =>
              errorToast(
                'maintenance-contact',
                messageOf(error, 'The contact could not be removed. Try again.'),
              ),
            onSettled: () => setRemoving(undefined),
          });
        }}
      >
        Requests already done keep their name. A contact assigned to open requests cannot be removed
        until they are reassigned.
      </ConfirmDialog>
    </div>
  );
}

function ContactForm({
  contact,
  onDone,
}: {
  contact: MaintenanceContact | undefined;
  onDone: () => void;
}) {
  const saving = useSaveContact();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MaintenanceContactRequest>({
    resolver: zodResolver(MaintenanceContactRequestSchema),
    defaultValues: contact
      ? { name: contact.name, trade: contact.trade, phone: contact.phone }
      : EMPTY,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await saving.mutateAsync({ id: contact?._id, body: values });
      dismissErrorToast('maintenance-contact');
      toast.success(MAINTENANCE_MESSAGES.contactSaved);
      reset(EMPTY);
      onDone();
    } catch (error) {
      const atField = showFieldIssues(error, setError, (issue) => {
        const field = issue.path.split('.')[0];
        return field === 'name' || field === 'trade' || field === 'phone' ? field : undefined;
      });
      if (!atField) {
        errorToast(
          'maintenance-contact',
          messageOf(error, 'The contact could not be saved. Try again.'),
        );
      }
    }
  });
  const busy = isSubmitting || saving.isPending;
  const title = contact ? `Edit ${contact.name}` : 'Add a contact';
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={title}
      className="space-y-4 rounded-box border border-base-300 bg-base-100 p-4 shadow-xs sm:p-6"
    >
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="grid gap-4 md:grid-cols-3">
        <FormField id="contact-name" label="Name" error={errors.name?.message}>
          <input
            {...register('name')}
            {...describedBy('contact-name', errors.name?.message)}
            maxLength={MAINTENANCE_LIMITS.contactName}
            autoComplete="off"
            className="input w-full"
          />
        </FormField>
        <FormField
          id="contact-trade"
          label="Trade"
          hint="Plumber, electrician, caretaker…"
          error={errors.trade?.message}
        >
          <input
            {...register('trade')}
            {...describedBy(
              'contact-trade',
              errors.trade?.message,
              'Plumber, electrician, caretaker…',
            )}
            maxLength={MAINTENANCE_LIMITS.trade}
            autoComplete="off"
            className="input w-full"
          />
        </FormField>
        <FormField id="contact-phone" label="Phone" error={errors.phone?.message}>
          <input
            {...register('phone')}
            {...describedBy('contact-phone', errors.phone?.message)}
            type="tel"
            maxLength={MAINTENANCE_LIMITS.phone}
            autoComplete="off"
            className="input w-full"
          />
        </FormField>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {contact && (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            Cancel editing
          </button>
        )}
        <BusyButton busy={busy} type="submit" className="btn btn-primary">
          {contact ? 'Save contact' : 'Add contact'}
        </BusyButton>
      </div>
    </form>
  );
}
