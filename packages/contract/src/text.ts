import { z } from 'zod';

/**
 * What text people type may hold. Names, titles and headings become email subjects, CSV cells
 * and lines in other people's lists: one line, with something to see.
 */

/** True when `text` has a control character other than, where allowed, a line break or tab. */
export const hasControl = (text: string, lineBreaksAllowed: boolean) =>
  Array.from(text).some((character) => {
    const code = character.charCodeAt(0);
    const lineBreak = code === 9 || code === 10 || code === 13;
    // C0, DEL and C1 (U+0085 "next line" among them).
    return (code < 32 && !(lineBreaksAllowed && lineBreak)) || (code >= 127 && code <= 159);
  });

/**
 * True when `text` shows something: more than spaces, invisible format characters (a zero-width
 * space, a direction mark), marks with nothing to sit on, and the blank letters (Hangul fillers,
 * the blank braille pattern). Empty text is left to the field's own `min`.
 */
export const isVisible = (text: string) =>
  text === '' || /[^\s\p{Cf}\p{M}\u115f\u1160\u2800\u3164\uffa0]/u.test(text);

/**
 * The control characters a field refuses. NUL is left to the server's text guard, which names
 * every field holding one in a single answer, whatever the route.
 */
const refusedControl = (text: string, lineBreaksAllowed: boolean) =>
  hasControl(text.replaceAll('\u0000', ''), lineBreaksAllowed);

export const CONTROL_CHARACTER_MESSAGE = 'Remove the invisible control characters from this text.';

/** `schema` as one line that shows something (`label` is required when nothing shows). */
export const oneLineText = <T extends z.ZodString>(schema: T, label: string): T =>
  schema
    .refine((text) => !/[\r\n\u0085\u2028\u2029]/.test(text), {
      error: `${label}: one line, please.`,
    })
    .refine((text) => !refusedControl(text.replace(/[\r\n\u0085]/g, ''), false), {
      error: CONTROL_CHARACTER_MESSAGE,
    })
    .refine(isVisible, { error: `${label} is required` });

/** `schema` as text with lines (details) that shows something, or `required` is said. */
export const linesOfText = <T extends z.ZodString>(schema: T, required: string): T =>
  schema
    .refine((text) => !refusedControl(text, true), { error: CONTROL_CHARACTER_MESSAGE })
    .refine(isVisible, { error: required });

/**
 * Text from elsewhere (a Google profile's name) made into one line of at most `max` characters
 * that passes `oneLineText`: line breaks and control characters become spaces; undefined when
 * nothing visible is left.
 */
export function oneLineFrom(text: string | undefined, max: number): string | undefined {
  if (text === undefined) return undefined;
  const spaced = Array.from(text)
    .map((character) =>
      hasControl(character, false) || /[\u2028\u2029]/.test(character) ? ' ' : character,
    )
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  const line = Array.from(spaced).slice(0, max).join('').trim();
  return line !== '' && isVisible(line) ? line : undefined;
}

/** What a reason the office gives a tenant for a correction may be (an undo, a cancelled charge). */
export const REASON_LIMITS = { min: 3, max: 200 } as const;

/** A reason the tenant is sent, trimmed; blank or missing says `required`, alone. */
export const reasonField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .min(REASON_LIMITS.min, {
      error: `The reason needs at least ${REASON_LIMITS.min} characters`,
    })
    .max(REASON_LIMITS.max, { error: `The reason has at most ${REASON_LIMITS.max} characters` });
