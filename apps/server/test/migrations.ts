import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const folder = path.resolve(import.meta.dirname, '../drizzle');

/**
 * The statements of one migration (`number` as in its file's name, "0031"), to run again on a
 * database made to look as it did before it.
 */
export function migrationStatements(number: string): string[] {
  const file = readdirSync(folder).find((name) => name.startsWith(`${number}_`));
  if (!file) throw new Error(`no migration ${number}`);
  return readFileSync(path.join(folder, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter(Boolean);
}
