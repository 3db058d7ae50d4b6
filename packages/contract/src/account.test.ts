import { describe, expect, it } from 'vitest';
import { deletedAccountEmail, isDeletedAccountEmail, nameWithEmail } from './account';
import { EmailSchema, NewEmailSchema } from './accounts';
import { BuildingProfileSchema } from './building';

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

  it('is at a domain no account can take, by signing up or changing its email', () => {
    for (const email of [deletedAccountEmail(id), 'someone@deleted.invalid', 'a@b.INVALID']) {
      const refused = NewEmailSchema.safeParse(email);
      expect(
        refused.error?.issues.map((issue) => issue.message),
        email,
      ).toEqual(['Enter a valid email address']);
      // Signing in and asking for a password link still take it (an account made before).
      expect(EmailSchema.safeParse(email).success, email).toBe(true);
    }
    expect(NewEmailSchema.parse(' rahim@invalid.example.com ')).toBe('rahim@invalid.example.com');
    expect(NewEmailSchema.safeParse('rahim.invalid').error?.issues).toHaveLength(1);
    // The building's contact address, which may also be left empty, says the same.
    const contact = BuildingProfileSchema.shape.contactEmail.safeParse('office');
    expect(contact.error?.issues.map((issue) => issue.message)).toEqual([
      'Enter a valid email address',
    ]);
  });
});
