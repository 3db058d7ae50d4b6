import {
  APARTMENT_CSV_COLUMNS,
  APARTMENT_CSV_REQUIRED,
  ImportedApartmentSchema,
  MAX_IMPORT_ROWS,
  type ImportPreview,
  type ImportPreviewRow,
  type ManagedApartment,
} from '@structomate/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { toCsv } from '../../lib/csv';
import { takenNumbers } from './apartment-admin.service';

type Column = (typeof APARTMENT_CSV_COLUMNS)[number];

/** Headings people write for each column: "Apartment No", "apartment_no", "Block", "Floor"… */
const headingAliases: Record<string, Column> = {
  apartmentno: 'apartmentNo',
  apartment: 'apartmentNo',
  number: 'apartmentNo',
  blockname: 'blockName',
  block: 'blockName',
  floorno: 'floorNo',
  floor: 'floorNo',
  rent: 'rent',
  details: 'details',
  description: 'details',
  status: 'status',
};

/** What csv-parse gives with `info: true`: each record with the byte its text ends before. */
const ParsedRecordsSchema = z.array(
  z.object({ record: z.array(z.string()), info: z.object({ bytes: z.number().int() }) }),
);

const LF = 0x0a;
const CR = 0x0d;

/**
 * The line (from 1) each record starts on, as a spreadsheet or an editor numbers the file's
 * lines, from where each record ends (`ends`, byte offsets). csv-parse's own count is the line
 * a record ends on, and counts a CRLF inside quotes twice: every row after a cell typed over two
 * lines would be named by a wrong line. Empty lines between records are skipped, as the parse
 * skips them; CRLF, LF and a lone CR each end one line.
 */
function recordStartLines(bytes: Buffer, ends: readonly number[]): number[] {
  const starts: number[] = [];
  let line = 1;
  let at = 0;
  const lineBreakAt = (index: number) => {
    if (bytes[index] !== LF && bytes[index] !== CR) return 0;
    return bytes[index] === CR && bytes[index + 1] === LF ? 2 : 1;
  };
  for (const end of ends) {
    for (let size = lineBreakAt(at); at < end && size > 0; size = lineBreakAt(at)) {
      line += 1;
      at += size;
    }
    starts.push(line);
    while (at < end) {
      const size = lineBreakAt(at);
      if (size > 0) line += 1;
      at += Math.max(size, 1);
    }
  }
  return starts;
}

const normalise = (heading: string) => heading.toLowerCase().replace(/[^a-z]/g, '');

/** The file's text, or a 415 when it is not text at all (a spreadsheet, an image). */
function csvText(bytes: Buffer): string {
  if (bytes.includes(0)) throw notCsv();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw notCsv();
  }
}

const notCsv = () =>
  new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'This file is not a CSV text file. Save the sheet as “CSV UTF-8” and choose that file.',
  );

/**
 * Reads an import file and checks every row without saving anything: each row comes back with
 * the apartment it would create or with its errors, field by field, so the person can fix the
 * file or import only the good rows.
 */
export async function previewImport(db: Database, bytes: Buffer): Promise<ImportPreview> {
  // The text as parsed: its decoding drops a byte order mark, so its bytes are counted anew.
  const text = Buffer.from(csvText(bytes));
  let records: z.infer<typeof ParsedRecordsSchema>;
  try {
    const parsed: unknown = parse(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      skip_empty_lines: true,
      relax_column_count: true,
      info: true,
    });
    records = ParsedRecordsSchema.parse(parsed);
  } catch (error) {
    if (error instanceof CsvError) {
      throw new AppError('BAD_REQUEST', `The file could not be read as CSV: ${error.message}`);
    }
    throw error;
  }
  const startLines = recordStartLines(
    text,
    records.map(({ info }) => info.bytes),
  );
  const [header, ...body] = records;
  if (!header) throw new AppError('BAD_REQUEST', 'The file is empty.');
  const columns = header.record.map((heading) => headingAliases[normalise(heading)]);
  const missing = APARTMENT_CSV_REQUIRED.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `The first line must name the columns ${APARTMENT_CSV_REQUIRED.join(', ')}; missing: ${missing.join(', ')}.`,
    );
  }
  // Two columns for one field (apartmentNo twice, or rent and an alias of it): which is meant?
  const twice = [
    ...new Set(columns.filter((column, index) => column && columns.indexOf(column) !== index)),
  ];
  if (twice.length > 0) {
    throw new AppError(
      'BAD_REQUEST',
      `The first line names ${twice.join(', ')} more than once; keep one column for each.`,
    );
  }
  if (body.length === 0) throw new AppError('BAD_REQUEST', 'The file has no apartments.');
  if (body.length > MAX_IMPORT_ROWS) {
    throw new AppError(
      'BAD_REQUEST',
      `The file has ${body.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`,
    );
  }

  const rows: ImportPreviewRow[] = body.map(({ record }, position) => {
    const cells: Record<string, string> = {};
    columns.forEach((column, index) => {
      if (column) cells[column] = (record[index] ?? '').trim();
    });
    const parsed = ImportedApartmentSchema.safeParse(cells);
    return {
      line: startLines[position + 1] ?? 0,
      cells,
      apartment: parsed.success ? parsed.data : null,
      errors: parsed.success
        ? []
        : parsed.error.issues.map((issue) => ({
            field: typeof issue.path[0] === 'string' ? issue.path[0] : null,
            message: issue.message,
          })),
    };
  });

  // Numbers must be new: not in the building already, and not twice in the file.
  const taken = await takenNumbers(
    db,
    rows.flatMap((row) => (row.apartment ? [row.apartment.apartmentNo] : [])),
  );
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    if (!row.apartment) continue;
    const key = row.apartment.apartmentNo.toLowerCase();
    const earlier = firstLine.get(key);
    const problem = taken.has(key)
      ? `Apartment ${row.apartment.apartmentNo} already exists`
      : earlier !== undefined
        ? `Apartment ${row.apartment.apartmentNo} is already on line ${earlier}`
        : undefined;
    if (earlier === undefined) firstLine.set(key, row.line);
    if (problem) {
      row.errors.push({ field: 'apartmentNo', message: problem });
      row.apartment = null;
    }
  }
  const valid = rows.filter((row) => row.apartment !== null).length;
  return { rows, valid, invalid: rows.length - valid };
}

/** The apartments as CSV: the import's columns first (so an export can be edited and re-imported), then what the admin sees. */
export function apartmentsCsv(apartments: ManagedApartment[]): string {
  return toCsv(
    [...APARTMENT_CSV_COLUMNS, 'occupancy', 'tenant', 'tenantEmail', 'pendingRequests', 'photos'],
    apartments.map((apartment) => [
      apartment.apartmentNo,
      apartment.blockName,
      String(apartment.floorNo),
      String(apartment.rent),
      apartment.details,
      apartment.status,
      apartment.tenant ? 'occupied' : 'vacant',
      apartment.tenant?.name ?? '',
      apartment.tenant?.email ?? '',
      String(apartment.pendingRequests),
      String(apartment.photos.length),
    ]),
  );
}
