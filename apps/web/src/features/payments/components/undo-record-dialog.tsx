import {
  MAIL_TOPIC_LABELS,
  REASON_LIMITS,
  UNDO_PAYMENT_MESSAGES,
  UndoPaymentRequestSchema,
  type CancelChargeSchema,
  type MailTopic,
} from '@structomate/contract';
import { useId, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { ApiError, messageOf } from '../../../lib/api-client';
import { describedBy } from '../../../lib/described-by';
import { toast } from '../../../lib/toast';

/**
 * Undoes a payment the office recorded by mistake (rent or a charge), or cancels a charge, with a
 * reason the tenant is sent: what is undone and what follows in `children`, the reason checked
 * here (`schema`) and by the server (its refusal is shown at the field), any other outcome told by
 * a toast as the dialog closes (`failed` when the server gave no reason).
 */
export function UndoRecordDialog({
  title,
  confirmLabel,
  tenant,
  busy,
  undo,
  onClose,
  children,
  schema = UndoPaymentRequestSchema,
  failed = UNDO_PAYMENT_MESSAGES.failed,
  topic = 'receipts',
}: {
  title: string;
  confirmLabel: string;
  /** Who is told, by name. */
  tenant: string;
  busy: boolean;
  /** Sends the undo; resolves with what the toast says. */
  undo: (reason: string) => Promise<string>;
  onClose: () => void;
  children: ReactNode;
  /** What the reason must be (an undo's by default). */
  schema?: typeof UndoPaymentRequestSchema | typeof CancelChargeSchema;
  /** What the toast says when the server's refusal has no words. */
  failed?: string;
  /** The email topic the tenant is told under (a repair charge's: Maintenance status). */
  topic?: MailTopic;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const hint = `${tenant} is told by email, with your reason, unless they turned ${MAIL_TOPIC_LABELS[
    topic
  ].label.toLowerCase()} off.`;
  const field = useRef<HTMLTextAreaElement>(null);
  const refuse = (message: string | undefined) => {
    setError(message);
    field.current?.focus();
  };

  const confirm = () => {
    const checked = schema.safeParse({ reason });
    if (!checked.success) {
      refuse(checked.error.issues[0]?.message);
      return;
    }
    undo(checked.data.reason).then(
      (done) => {
        toast.success(done);
        onClose();
      },
      (failure: unknown) => {
        const atReason =
          failure instanceof ApiError
            ? failure.issues.find((issue) => issue.path === 'reason')
            : undefined;
        if (atReason) {
          refuse(atReason.message);
          return;
        }
        toast.error(messageOf(failure, failed));
        onClose();
      },
    );
  };

  return (
    <ConfirmDialog
      open
      title={title}
      confirmLabel={confirmLabel}
      dismissLabel="Keep it"
      busy={busy}
      onConfirm={confirm}
      onClose={onClose}
    >
      <div className="space-y-3">
        {children}
        <FormField id={`${id}-reason`} label="Reason" hint={hint} error={error}>
          <textarea
            ref={field}
            disabled={busy}
            className="textarea w-full"
            rows={3}
            maxLength={REASON_LIMITS.max}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            {...describedBy(`${id}-reason`, error, hint)}
          />
        </FormField>
      </div>
    </ConfirmDialog>
  );
}
