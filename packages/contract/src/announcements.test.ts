import { describe, expect, it } from 'vitest';
import { AnnouncementFormSchema, AnnouncementListRequestSchema } from './announcements';

describe('AnnouncementFormSchema', () => {
  it('needs title, type and details (spec §5) within their limits', () => {
    const result = AnnouncementFormSchema.safeParse({ title: ' ', type: '', details: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', 'Title is required'],
      ['type', 'Choose who the announcement is for'],
      ['details', 'Details are required'],
    ]);
    const tooLong = AnnouncementFormSchema.safeParse({
      title: 't'.repeat(121),
      type: 'all',
      details: 'd'.repeat(5001),
    });
    expect(tooLong.error?.issues.map((issue) => issue.message)).toEqual([
      'Title: at most 120 characters.',
      'Details: at most 5,000 characters.',
    ]);
  });

  it('keeps the line breaks inside the details', () => {
    expect(
      AnnouncementFormSchema.parse({ title: 'Lift', type: 'member', details: ' a\nb\n' }).details,
    ).toBe('a\nb');
  });
});

describe('AnnouncementListRequestSchema', () => {
  it('takes no body, a token, or a page size and cursor within bounds', () => {
    expect(AnnouncementListRequestSchema.safeParse(undefined).success).toBe(true);
    expect(AnnouncementListRequestSchema.safeParse({ token: 't' }).success).toBe(true);
    expect(
      AnnouncementListRequestSchema.safeParse({ limit: 11, before: crypto.randomUUID() }).success,
    ).toBe(true);
    for (const body of [{ limit: 0 }, { limit: 61 }, { before: 'x' }, { page: 2 }]) {
      expect(AnnouncementListRequestSchema.safeParse(body).success).toBe(false);
    }
  });
});
