import { MAIL_STATUS_LABELS, type MailEntry } from '@structomate/contract';

/**
 * A delivery's name: a message "sent" to the outbox is "In outbox". The list's Delivery filter
 * names its choices the same way, after how the server delivers now, so the choice reads as the
 * rows it finds.
 */
export const mailStatusLabel = (
  status: MailEntry['status'],
  transport: MailEntry['transport'],
): string =>
  status === 'sent' && transport === 'outbox' ? 'In outbox' : MAIL_STATUS_LABELS[status];
