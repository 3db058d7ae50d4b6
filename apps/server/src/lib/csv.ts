import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is written with a
 * leading apostrophe, so an export cannot carry a formula into someone's spreadsheet.
 */
export const safeCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * A CSV file spreadsheets open as UTF-8 (a byte order mark, CRLF lines), every cell defused. A
 * cell holding a line break of either kind is quoted: with CRLF records the library quotes only a
 * cell holding CRLF, and a bare LF (details typed over two lines) split the row in spreadsheets.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((row) => row.map(safeCell)),
    {
      header: true,
      columns: [...columns],
      bom: true,
      record_delimiter: 'windows',
      quoted_match: /[\r\n]/,
    },
  );
}
