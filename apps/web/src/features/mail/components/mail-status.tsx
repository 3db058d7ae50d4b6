import { MAIL_STATUS_LABELS, type MailEntry } from '@structomate/contract';

const tone: Record<MailEntry['status'], string> = {
  queued: 'badge-ghost',
  sending: 'badge-info',
  sent: 'badge-success',
  retrying: 'badge-warning',
  failed: 'badge-error',
};

/** How a message's delivery went; a message kept in the outbox says so. */
export function MailStatusBadge({ mail }: { mail: Pick<MailEntry, 'status' | 'transport'> }) {
  const label =
    mail.status === 'sent' && mail.transport === 'outbox'
      ? 'In outbox'
      : MAIL_STATUS_LABELS[mail.status];
  return <span className={`badge badge-soft whitespace-nowrap ${tone[mail.status]}`}>{label}</span>;
}

export const OUTBOX_NOTICE =
  'Mail is not really sent: no SMTP server is set up (SMTP_URL), so every email stays here. Open one to read it as its recipient would.';
