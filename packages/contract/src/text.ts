import type { z } from 'zod';

/**
 * What text people type may hold. Names, titles and headings become email subjects, CSV cells
 * and lines in other people's lists: one line, with something to see.
 */

/** True when `text` has a control character other than, where allowed, a line break or tab. */
export const hasControl = (text: string, lineBreaksAllowed: boolean) =>
  Array.from(text).some((character) => {
    const code = character.charCodeAt(0);
    const lineBreak = code === 9 || code === 10 || code === 13;
    return (code < 32 && !(lineBreaksAllowed && lineBreak)) || code === 127;
  });

/**
 * True when `text` shows something: more than spaces and invisible format characters (a
 * zero-width space, a direction mark). Empty text is left to the field's own `min`.
 */
export const isVisible = (text: string) => text === '' || /[^\s\p{Cf}]/u.test(text);

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
    .refine((text) => !/[\r\n]/.test(text), { error: `${label}: one line, please.` })
    .refine((text) => !refusedControl(text.replace(/[\r\n]/g, ''), false), {
      error: CONTROL_CHARACTER_MESSAGE,
    })
    .refine(isVisible, { error: `${label} is required` });

/** `schema` as text with lines (details, a description) that shows something. */
export const linesOfText = <T extends z.ZodString>(schema: T, label: string): T =>
  schema
    .refine((text) => !refusedControl(text, true), { error: CONTROL_CHARACTER_MESSAGE })
    .refine(isVisible, { error: `${label} is required` });
