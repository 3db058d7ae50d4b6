import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { linesOfText, oneLineFrom, oneLineText } from './text';

const name = oneLineText(z.string().trim().min(1, { error: 'Name is required' }), 'Name');
const details = linesOfText(
  z.string().trim().min(1, { error: 'Details are required' }),
  'Details are required',
);
const refusal = (schema: z.ZodType, text: string) =>
  schema.safeParse(text).error?.issues.map((issue) => issue.message);

describe('typed text', () => {
  it('takes one line of any script, with marks and direction marks among letters', () => {
    for (const text of [
      'Nadia Rahman',
      'Zoë Ødegård',
      'নাদিয়া রহমান',
      'ناديا\u200f رحمن',
      'e\u0301',
    ]) {
      expect(name.parse(text)).toBe(text);
    }
  });

  it('refuses a second line, however it is written', () => {
    for (const text of ['a\nb', 'a\r\nb', 'a\u2028b', 'a\u2029b', 'a\u0085b']) {
      expect(refusal(name, text), JSON.stringify(text)).toContain('Name: one line, please.');
    }
  });

  it('refuses control characters (C0, DEL and C1), and leaves NUL to the server’s guard', () => {
    for (const text of ['Bell\u0007', 'Tab\tbed', 'Del\u007f', 'C1\u009b']) {
      expect(refusal(name, text), JSON.stringify(text)).toEqual([
        'Remove the invisible control characters from this text.',
      ]);
    }
    expect(refusal(details, 'line one\n\tline two\u0007')).toEqual([
      'Remove the invisible control characters from this text.',
    ]);
    expect(details.parse('line one\n\tline two')).toBe('line one\n\tline two');
    expect(name.safeParse('Nul\u0000Byte').success).toBe(true);
  });

  it('refuses text with nothing to see as missing', () => {
    for (const text of ['\u200b', '\u202e', '\u3164', '\u2800', '\u0301\u0301', '\u200b \u2060']) {
      expect(refusal(name, text), JSON.stringify(text)).toEqual(['Name is required']);
      expect(refusal(details, text), JSON.stringify(text)).toEqual(['Details are required']);
    }
  });

  it('makes a name from elsewhere one line that passes, or nothing', () => {
    expect(oneLineFrom('  Grace\nHopper\u0007 ', 80)).toBe('Grace Hopper');
    expect(oneLineFrom('Ada\u2028Lovelace', 80)).toBe('Ada Lovelace');
    expect(oneLineFrom('\u200b', 80)).toBeUndefined();
    expect(oneLineFrom(undefined, 80)).toBeUndefined();
    expect(oneLineFrom('😀'.repeat(100), 80)).toBe('😀'.repeat(80));
    expect(name.parse(oneLineFrom('x\r\n\u0085y', 80))).toBe('x y');
  });
});
