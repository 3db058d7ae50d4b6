import {
  APARTMENT_CSV_COLUMNS,
  APARTMENT_STATUS_LABELS,
  MAX_IMPORT_ROWS,
  MAX_UPLOAD_BYTES,
  type ImportPreview,
  type ImportedApartment,
} from '@structomate/contract';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../../lib/toast';
import { PageHeader } from '../../../components/page-header';
import { messageOf } from '../../../lib/api-client';
import { formatRent } from '../../../lib/format';
import { useImportApartments, usePreviewApartmentImport } from '../api/import-apartments';
import { BusyButton } from '../../../components/busy-button';

const SAMPLE = [
  APARTMENT_CSV_COLUMNS.join(','),
  'A-101,A,1,18500,"Two bedrooms, one bath, east light",listed',
  'A-102,A,1,19000,Corner flat with a balcony,unlisted',
].join('\r\n');

const sampleHref = `data:text/csv;charset=utf-8,${encodeURIComponent(SAMPLE)}`;

/** Import apartments from a CSV file: a preview with each row's errors, then the good rows on confirmation. */
export function ImportApartments() {
  const navigate = useNavigate();
  const inputId = useId();
  const preview = usePreviewApartmentImport();
  const importRows = useImportApartments();
  const [fileName, setFileName] = useState<string>();
  const [fileError, setFileError] = useState<string>();

  function choose(file: File | undefined) {
    setFileError(undefined);
    preview.reset();
    importRows.reset();
    if (!file) return;
    setFileName(file.name);
    if (file.size > MAX_UPLOAD_BYTES) {
      setFileError('The file is larger than 5 MB. Split it into smaller files.');
      return;
    }
    preview.mutate(file, {
      onError: (error) =>
        setFileError(messageOf(error, 'The file could not be checked. Try again.')),
    });
  }

  async function confirm(rows: ImportedApartment[]) {
    try {
      const { imported } = await importRows.mutateAsync(rows);
      toast.success(imported === 1 ? '1 apartment imported' : `${imported} apartments imported`);
      await navigate('/dashboard/apartments');
    } catch (error) {
      toast.error(messageOf(error, 'The apartments could not be imported. Try again.'));
    }
  }

  return (
    <div className="space-y-6">
      <Link to=".." relative="path" className="btn btn-ghost btn-sm">
        ← Apartments
      </Link>
      <PageHeader
        title="Import apartments"
        description="Add many apartments at once from a spreadsheet saved as CSV. Nothing is saved until you confirm."
      />
      <section className="space-y-4 rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-8">
        <div className="space-y-2 text-sm text-base-content/80">
          <p>
            The first line names the columns <code className="font-mono">apartmentNo</code>,{' '}
            <code className="font-mono">blockName</code>, <code className="font-mono">floorNo</code>
            , <code className="font-mono">rent</code> (whole taka per month) and{' '}
            <code className="font-mono">details</code>, and optionally{' '}
            <code className="font-mono">status</code> (listed or unlisted; listed when empty). Up to{' '}
            {MAX_IMPORT_ROWS.toLocaleString('en-US')} rows and 5 MB per file; numbers already in the
            building are refused. Add photos to each apartment afterwards.
          </p>
          <p>
            <a href={sampleHref} download="apartments-sample.csv" className="link link-primary">
              Download a sample file
            </a>
          </p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className="file-input w-full sm:max-w-md"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${inputId}-error` : undefined}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          {fileError && (
            <p id={`${inputId}-error`} role="alert" className="text-sm text-error">
              {fileError}
            </p>
          )}
        </div>
        {preview.isPending && (
          <p className="flex items-center gap-2 text-sm" aria-live="polite">
            <span className="loading loading-spinner loading-sm" aria-hidden="true" /> Checking{' '}
            {fileName}…
          </p>
        )}
      </section>
      {preview.data && (
        <PreviewTable
          preview={preview.data}
          busy={importRows.isPending}
          onConfirm={(rows) => void confirm(rows)}
        />
      )}
    </div>
  );
}

function PreviewTable({
  preview,
  busy,
  onConfirm,
}: {
  preview: ImportPreview;
  busy: boolean;
  onConfirm: (rows: ImportedApartment[]) => void;
}) {
  const good = preview.rows.flatMap((row) => (row.apartment ? [row.apartment] : []));
  const total = preview.rows.length;
  return (
    <section aria-labelledby="import-preview-title" className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="import-preview-title" className="text-xl font-semibold">
            Preview
          </h2>
          <p className="text-sm text-base-content/75" aria-live="polite">
            {total} {total === 1 ? 'row' : 'rows'}: {preview.valid} ready to import
            {preview.invalid > 0 &&
              `, ${preview.invalid} with ${preview.invalid === 1 ? 'an error' : 'errors'}`}
            .
          </p>
        </div>
        <BusyButton
          busy={busy}
          type="button"
          className="btn btn-primary w-full sm:w-auto"
          disabled={good.length === 0}
          onClick={() => onConfirm(good)}
        >
          {good.length === 0
            ? 'Nothing to import'
            : preview.invalid > 0
              ? `Import the ${good.length} good ${good.length === 1 ? 'row' : 'rows'}`
              : `Import ${good.length} ${good.length === 1 ? 'apartment' : 'apartments'}`}
        </BusyButton>
      </div>
      {preview.invalid > 0 && (
        <p role="note" className="rounded-box border border-warning/60 bg-warning/15 p-4 text-sm">
          {good.length === 0
            ? 'No row can be imported yet. Fix the errors in the file and choose it again.'
            : 'Rows with errors are left out. Fix them in the file and import it again: the rows imported now will then be refused as already there, the others added.'}
        </p>
      )}
      {/* On a phone, each row is a card, so its errors are in sight without scrolling sideways. */}
      <ul className="space-y-3 sm:hidden" aria-label="Rows in the file">
        {preview.rows.map((row) => (
          <li
            key={row.line}
            className={`rounded-box border p-4 text-sm ${row.apartment ? 'border-base-300 bg-base-100' : 'border-error/40 bg-error/5'}`}
          >
            <p className="flex items-center justify-between gap-2">
              <span className="font-medium">
                {row.cells.apartmentNo || 'No number'}{' '}
                <span className="font-normal text-base-content/70">· line {row.line}</span>
              </span>
              {row.apartment && <span className="chip chip-success">Ready</span>}
            </p>
            {row.apartment ? (
              <p className="mt-1 text-base-content/75">
                Block {row.apartment.blockName} · Floor {row.apartment.floorNo} ·{' '}
                {formatRent(row.apartment.rent)} · {APARTMENT_STATUS_LABELS[row.apartment.status]}
              </p>
            ) : (
              <ul className="mt-1 space-y-0.5 text-error">
                {row.errors.map((error) => (
                  <li key={`${error.field}:${error.message}`}>{error.message}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-box border border-base-300 bg-base-100 sm:block">
        <table className="table table-sm" aria-label="Rows in the file">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Apartment</th>
              <th scope="col">Block</th>
              <th scope="col">Floor</th>
              <th scope="col">Rent</th>
              <th scope="col">Status</th>
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row) => (
              <tr key={row.line} className={row.apartment ? undefined : 'bg-error/5'}>
                <td className="tabular-nums">{row.line}</td>
                <td className="whitespace-nowrap font-medium">{row.cells.apartmentNo}</td>
                <td>{row.cells.blockName}</td>
                <td className="tabular-nums">{row.cells.floorNo}</td>
                <td className="whitespace-nowrap tabular-nums">
                  {row.apartment ? formatRent(row.apartment.rent) : row.cells.rent}
                </td>
                <td>
                  {row.apartment ? APARTMENT_STATUS_LABELS[row.apartment.status] : row.cells.status}
                </td>
                <td className="min-w-56">
                  {row.apartment ? (
                    <span className="chip chip-success">Ready</span>
                  ) : (
                    <ul className="space-y-0.5 text-error">
                      {row.errors.map((error) => (
                        <li key={`${error.field}:${error.message}`}>{error.message}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
