import type { MailEntry } from '@structomate/contract';
import { mailStatusLabel } from './mail-status-label';

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
  return (
    <span className={`chip ${tone[mail.status]}`}>
      {mailStatusLabel(mail.status, mail.transport)}
    </span>
  );
}

export const OUTBOX_NOTICE =
  'Mail is not really sent: no SMTP server is set up (SMTP_URL), so every email stays here. Open one to read it as its recipient would.';
