import { describe, expect, it } from 'vitest';
import {
  AnnouncementFormSchema,
  AnnouncementListRequestSchema,
  PostedAnnouncementsQuerySchema,
  UpdateAnnouncementRequestSchema,
} from './announcements';

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

describe('PostedAnnouncementsQuerySchema', () => {
  it('defaults to the first page of 20, every audience, and reads numbers from the query string', () => {
    expect(PostedAnnouncementsQuerySchema.parse({})).toEqual({ page: 1, limit: 20 });
    expect(
      PostedAnnouncementsQuerySchema.parse({ page: '3', limit: '5', type: 'all', q: ' lift ' }),
    ).toEqual({ page: 3, limit: 5, type: 'all', q: 'lift' });
    for (const query of [{ page: '0' }, { limit: '101' }, { type: 'admin' }, { sort: 'title' }]) {
      expect(PostedAnnouncementsQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(
        false,
      );
    }
  });
});

describe('UpdateAnnouncementRequestSchema', () => {
  it('takes the posting rules and the version the form was filled from, nothing else', () => {
    expect(
      UpdateAnnouncementRequestSchema.parse({
        title: ' Lift ',
        type: 'member',
        details: 'a\nb ',
        version: 2,
      }),
    ).toEqual({ title: 'Lift', type: 'member', details: 'a\nb', version: 2 });
    const good = { title: 'Lift', type: 'all', details: 'x', version: 1 };
    for (const body of [
      { ...good, title: '' },
      { ...good, details: 'd'.repeat(5001) },
      { ...good, type: '' },
      { ...good, version: 0 },
      { ...good, version: 1.5 },
      { title: 'Lift', type: 'all', details: 'x' },
      { ...good, date: '2026-01-01' },
    ]) {
      expect(UpdateAnnouncementRequestSchema.safeParse(body).success, JSON.stringify(body)).toBe(
        false,
      );
    }
  });
});
