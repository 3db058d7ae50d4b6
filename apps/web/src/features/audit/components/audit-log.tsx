import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AuditActionSchema,
  auditActionLabel,
  type AuditEntry,
  LIST_SEARCH_MAX,
} from '@structomate/contract';
import { z } from 'zod';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { formatDateTime } from '../../../lib/format';
import {
  choiceParam,
  PageParam,
  TextParam,
  useKeepListPageInRange,
  useListParams,
  useSearchText,
} from '../../../lib/use-page';
import { useAudit } from '../api/get-audit';

/** The log's view in the address. */
const AuditParams = z.object({ page: PageParam, action: choiceParam(AUDIT_ACTIONS), q: TextParam });

/** Before and after of a change, for the curious: plain JSON, as stored. */
function Changes({ entry }: { entry: AuditEntry }) {
  if (entry.before === null && entry.after === null) return null;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer text-base-content/70">Before and after</summary>
      <div className="mt-2 grid gap-2 md:grid-cols-2">
        {(['before', 'after'] as const).map((side) =>
          entry[side] === null ? null : (
            <div key={side}>
              <p className="font-medium capitalize">{side}</p>
              <pre className="max-h-48 overflow-auto rounded-field bg-base-200 p-2 whitespace-pre-wrap break-all">
                {JSON.stringify(entry[side], null, 2)}
              </pre>
            </div>
          ),
        )}
      </div>
    </details>
  );
}

/** Audit log (admin): every decision, settings change and payment event, newest first. */
export function AuditLog() {
  const [filters, setFilters] = useListParams(AuditParams);
  const [search, setSearch] = useSearchText(filters.q);
  const audit = useAudit(filters);
  useKeepListPageInRange(filters, setFilters, audit.data?.pageCount);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Audit log"
        description="Who did what and when: decisions, settings, coupons, announcements and payments. Entries can never be changed or removed."
      />
      <form
        role="search"
        aria-label="Filter the audit log"
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters((current) => ({ ...current, page: 1, q: search.trim() }));
        }}
      >
        <div className="flex flex-col gap-1.5 sm:w-64">
          <label htmlFor="audit-action" className="text-sm font-medium">
            What
          </label>
          <select
            id="audit-action"
            className="select w-full"
            value={filters.action}
            onChange={(event) => {
              const parsed = AuditActionSchema.safeParse(event.target.value);
              setFilters((current) => ({
                ...current,
                page: 1,
                action: parsed.success ? parsed.data : '',
              }));
            }}
          >
            <option value="">Everything</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {AUDIT_ACTION_LABELS[action]}
              </option>
            ))}
          </select>
        </div>
        <div className="flex grow flex-col gap-1.5">
          <label htmlFor="audit-search" className="text-sm font-medium">
            Who or what
          </label>
          <input
            id="audit-search"
            type="search"
            className="input w-full"
            value={search}
            maxLength={LIST_SEARCH_MAX}
            placeholder="A name, an email, an apartment, a coupon…"
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </form>
      {audit.isPending ? (
        <LoadingSpinner label="Loading the audit log" />
      ) : audit.isError ? (
        <LoadError onRetry={audit.refetch}>The audit log could not be loaded.</LoadError>
      ) : audit.data.total === 0 ? (
        <EmptyState>
          {filters.action || filters.q
            ? 'Nothing in the audit log matches.'
            : 'Nothing is recorded yet. Decisions, settings changes and payments appear here as they happen.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-base-content/75" aria-live="polite">
            {audit.data.total.toLocaleString('en-US')}{' '}
            {audit.data.total === 1 ? 'entry' : 'entries'}
          </p>
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table" aria-label="Audit log">
              <thead>
                <tr>
                  {/* Phones read the time over the entry: two columns do not fit 360 px. */}
                  <th scope="col" className="hidden w-40 sm:table-cell">
                    When
                  </th>
                  <th scope="col">What</th>
                  <th scope="col" className="hidden md:table-cell">
                    Who
                  </th>
                </tr>
              </thead>
              <tbody>
                {audit.data.result.map((entry) => (
                  <tr key={entry._id} className="align-top">
                    <td className="hidden text-sm whitespace-nowrap sm:table-cell">
                      {formatDateTime(entry.at)}
                    </td>
                    <td className="min-w-0">
                      <p className="text-xs text-base-content/70 sm:hidden">
                        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                      </p>
                      <p className="text-xs font-semibold tracking-wide text-primary uppercase">
                        {auditActionLabel(entry.action)}
                      </p>
                      <p className="wrap-anywhere">{entry.summary}</p>
                      <p className="text-xs text-base-content/70 md:hidden">
                        {entry.actor ? entry.actor.name : 'The system'}
                      </p>
                      <Changes entry={entry} />
                    </td>
                    <td className="hidden md:table-cell">
                      {entry.actor ? (
                        <>
                          <p className="font-medium">{entry.actor.name}</p>
                          <p className="text-xs text-base-content/70">{entry.actor.email}</p>
                          {entry.ip && (
                            <p className="text-xs text-base-content/70">from {entry.ip}</p>
                          )}
                        </>
                      ) : (
                        <p className="text-base-content/70">The system</p>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {audit.data.pageCount > 1 && (
            <Pager
              page={filters.page}
              pageCount={audit.data.pageCount}
              onPage={(page) => setFilters((current) => ({ ...current, page }))}
            />
          )}
        </>
      )}
    </div>
  );
}
