import { mailKindLabel, MAIL_STATUSES, MailStatusSchema } from '@structomate/contract';
import { Link } from 'react-router';
import { z } from 'zod';
import { FilterSelect, ListSearch } from '../../../components/list-search';
import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { EmptyState, PageHeader } from '../../../components/page-header';
import { Pager } from '../../../components/pager';
import { formatDateTime } from '../../../lib/format';
import {
  choiceParam,
  PageParam,
  searchOrAskAgain,
  TextParam,
  useKeepListPageInRange,
  useListParams,
} from '../../../lib/use-page';
import { useSentMail } from '../api/get-mail';
import { MailStatusBadge, OUTBOX_NOTICE } from './mail-status';
import { mailStatusLabel } from './mail-status-label';

/** The list's view in the address. */
const MailParams = z.object({ page: PageParam, status: choiceParam(MAIL_STATUSES), q: TextParam });

/** Sent mail (admin): every email the app sent, how its delivery went, and the message itself. */
export function SentMail() {
  const [filters, setFilters] = useListParams(MailParams);
  const mail = useSentMail(filters);
  useKeepListPageInRange(filters, setFilters, mail.data?.pageCount);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Sent mail"
        description="Every email the building sent: password links, receipts, reminders and notices, with how delivery went."
      />
      {mail.data?.delivery === 'outbox' && (
        <div role="note" className="alert alert-info alert-soft">
          <span>{OUTBOX_NOTICE}</span>
        </div>
      )}
      <ListSearch
        label="Find sent mail"
        searchId="mail-search"
        defaultText={filters.q}
        searchLabel="Address or subject"
        onSearch={searchOrAskAgain(filters, setFilters, mail.refetch)}
      >
        <FilterSelect
          id="mail-status"
          label="Delivery"
          value={filters.status}
          onChange={(value) => {
            const parsed = MailStatusSchema.safeParse(value);
            setFilters((current) => ({
              ...current,
              page: 1,
              status: parsed.success ? parsed.data : '',
            }));
          }}
        >
          <option value="">Any</option>
          {MAIL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {mailStatusLabel(status, mail.data?.delivery ?? null)}
            </option>
          ))}
        </FilterSelect>
      </ListSearch>
      {mail.isPending ? (
        <LoadingSpinner label="Loading sent mail" />
      ) : mail.isError ? (
        <LoadError onRetry={mail.refetch}>Sent mail could not be loaded.</LoadError>
      ) : mail.data.total === 0 ? (
        <EmptyState>
          {filters.status || filters.q
            ? 'No email matches.'
            : 'No email has been sent yet. Password links, receipts and notices appear here as they go out.'}
        </EmptyState>
      ) : (
        <>
          <p className="text-sm text-base-content/75" aria-live="polite">
            {mail.data.total.toLocaleString('en-US')} {mail.data.total === 1 ? 'email' : 'emails'}
          </p>
          <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
            <table className="table" aria-label="Sent mail">
              <thead>
                <tr>
                  <th scope="col" className="hidden w-40 sm:table-cell">
                    When
                  </th>
                  <th scope="col">Email</th>
                  <th scope="col" className="hidden w-36 sm:table-cell">
                    Delivery
                  </th>
                </tr>
              </thead>
              <tbody>
                {mail.data.result.map((message) => (
                  <tr key={message._id} className="align-top">
                    <td className="hidden text-sm whitespace-nowrap sm:table-cell">
                      {formatDateTime(message.createdAt)}
                    </td>
                    <td className="min-w-0">
                      <p className="text-xs font-semibold tracking-wide text-primary uppercase">
                        {mailKindLabel(message.kind)}
                      </p>
                      <Link
                        to={message._id}
                        className="link font-medium link-hover [overflow-wrap:anywhere]"
                      >
                        {message.subject}
                      </Link>
                      <p className="text-sm text-base-content/75 [overflow-wrap:anywhere]">
                        To {message.to}
                      </p>
                      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-base-content/75 sm:hidden">
                        <MailStatusBadge mail={message} />
                        {formatDateTime(message.createdAt)}
                      </div>
                      {message.lastError && message.status !== 'sent' && (
                        <p className="mt-1 text-sm text-error [overflow-wrap:anywhere]">
                          {message.lastError}
                        </p>
                      )}
                    </td>
                    <td className="hidden sm:table-cell">
                      <MailStatusBadge mail={message} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {mail.data.pageCount > 1 && (
            <Pager
              page={filters.page}
              pageCount={mail.data.pageCount}
              onPage={(page) => setFilters((current) => ({ ...current, page }))}
            />
          )}
        </>
      )}
    </div>
  );
}
