import { describe, expect, it } from 'vitest';
import { deletedAccountEmail, isDeletedAccountEmail, nameWithEmail } from './account';
import { EmailSchema } from './accounts';

describe('a deleted account’s made-up address', () => {
  const id = '0b7f6a52-5d1e-4c3b-9a5e-2f1d8c7b6a40';

  it('is never shown beside its name', () => {
    expect(nameWithEmail('Deleted account', deletedAccountEmail(id))).toBe('Deleted account');
    expect(nameWithEmail('Rahim Uddin', 'rahim@example.com')).toBe(
      'Rahim Uddin (rahim@example.com)',
    );
  });

  it('is told from a real address only by its reserved domain', () => {
    expect(isDeletedAccountEmail(deletedAccountEmail(id))).toBe(true);
    expect(isDeletedAccountEmail('deleted@example.com')).toBe(false);
    expect(isDeletedAccountEmail('someone@deleted.invalid.example.com')).toBe(false);
    expect(isDeletedAccountEmail('deleted-someone@deleted.invalid')).toBe(false);
  });

  it('is at a domain nobody can sign up, sign in or ask for a password link with', () => {
    for (const email of [deletedAccountEmail(id), 'someone@deleted.invalid', 'a@b.INVALID']) {
      expect(EmailSchema.safeParse(email).success, email).toBe(false);
    }
    expect(EmailSchema.parse(' rahim@invalid.example.com ')).toBe('rahim@invalid.example.com');
  });
});
