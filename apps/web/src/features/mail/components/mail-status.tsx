import { MAIL_STATUS_LABELS, type MailEntry } from '@structomate/contract';

const tone: Record<MailEntry['status'], string> = {
  queued: 'chip-neutral',
  sending: 'chip-info',
  sent: 'chip-success',
  retrying: 'chip-warning',
  failed: 'chip-error',
};

/**
 * How a message's delivery went; a message kept in the outbox says so. A chip, not daisyUI's soft
 * badge, whose status-coloured text fails AA contrast (axe found it on the message page).
 */
export function MailStatusBadge({ mail }: { mail: Pick<MailEntry, 'status' | 'transport'> }) {
  const label =
    mail.status === 'sent' && mail.transport === 'outbox'
      ? 'In outbox'
      : MAIL_STATUS_LABELS[mail.status];
  return <span className={`chip ${tone[mail.status]}`}>{label}</span>;
}

export const OUTBOX_NOTICE =
  'Mail is not really sent: no SMTP server is set up (SMTP_URL), so every email stays here. Open one to read it as its recipient would.';
