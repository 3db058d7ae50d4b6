import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Apartment numbers as people type them: without case and without the separators a building
 * writes in them, so "b402", "B 402" and "b-402" all find B-402. Only separators go (spaces,
 * hyphens, dots, slashes, underscores): letters and digits of any script stay.
 */
const SEPARATORS = /[\s\-./_]/g;
const squeezed = (text: string) => text.toLowerCase().replace(SEPARATORS, '');
const squeezedColumn = (column: SQLWrapper) =>
  sql`regexp_replace(lower(${column}), '[[:space:]./_-]', '', 'g')`;

/** The apartment number in `column` contains `text` (none when `text` is only separators). */
export function apartmentNoContains(column: SQLWrapper, text: string): SQL | undefined {
  const wanted = squeezed(text);
  if (!wanted) return undefined;
  return sql`strpos(${squeezedColumn(column)}, ${wanted}) > 0`;
}

/** The apartment number in `column` is `text`. */
export const apartmentNoIs = (column: SQLWrapper, text: string): SQL =>
  sql`${squeezedColumn(column)} = ${squeezed(text)}`;
