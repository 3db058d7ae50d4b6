import { describe, expect, it } from 'vitest';
import { MAIL_KINDS, MailPageSchema, mailKindLabel } from './mail';

const entry = (kind: string) => ({
  _id: 'm1',
  kind,
  to: 'member@structo.com',
  subject: 'Your receipt',
  status: 'sent',
  transport: 'outbox',
  attempts: 1,
  lastError: null,
  secret: false,
  createdAt: '2026-12-01T08:00:00.000Z',
  sentAt: '2026-12-01T08:00:01.000Z',
});
const page = (kinds: string[]) => ({
  result: kinds.map(entry),
  total: kinds.length,
  page: 1,
  limit: 20,
  pageCount: 1,
  delivery: 'outbox',
});

describe('the Sent mail list', () => {
  it('names every kind this release sends', () => {
    for (const kind of MAIL_KINDS) expect(mailKindLabel(kind)).not.toBe('Email');
    expect(mailKindLabel('charge-receipt')).toBe('Charge paid');
  });

  it('still reads mail of a kind a later release added, named plain "Email"', () => {
    const read = MailPageSchema.parse(page(['receipt', 'lease-renewal-offer']));
    expect(read.result.map((message) => mailKindLabel(message.kind))).toEqual(['Receipt', 'Email']);
  });
});
