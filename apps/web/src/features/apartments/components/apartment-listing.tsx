import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { useApartments } from '../api/get-apartments';
import { ApartmentCard } from './apartment-card';
import { Pager } from '../../../components/pager';
import { readListingSearch } from './listing-search';
import { RentFilter } from './rent-filter';
import { LoadError } from '../../../components/load-error';

const FILTER_SETTLE_MS = 300;

/** The listing's state lives in the URL (`?maxRent=40000&page=2`) so it can be shared and reloaded. */
export function ApartmentListing() {
  const [search, setSearch] = useSearchParams();
  const { params, budgetText: urlMaxRent, budgetIssue } = readListingSearch(search);
  const { data, isPending, isError, isPlaceholderData, refetch } = useApartments(params);
  const listTop = useRef<HTMLDivElement>(null);
  const settleTimer = useRef<number | undefined>(undefined);

  // What the visitor is typing; it reaches the URL (and the query) once typing settles.
  const [draft, setDraft] = useState(urlMaxRent);
  // Back/forward or a shared link can change the URL under the input: follow it.
  const [followedUrlMaxRent, setFollowedUrlMaxRent] = useState(urlMaxRent);
  if (urlMaxRent !== followedUrlMaxRent) {
    setFollowedUrlMaxRent(urlMaxRent);
    if (draft.trim() !== urlMaxRent) setDraft(urlMaxRent);
  }

  const update = useCallback(
    (next: { maxRent?: string; page?: number }) => {
      setSearch(
        (current) => {
          const result = new URLSearchParams(current);
          if (next.maxRent !== undefined) {
            if (next.maxRent === '') result.delete('maxRent');
            else result.set('maxRent', next.maxRent);
            // A new filter starts again from the first page (spec §4).
            result.delete('page');
          }
          if (next.page !== undefined) {
            if (next.page <= 1) result.delete('page');
            else result.set('page', String(next.page));
          }
          return result;
        },
        // Typing replaces the history entry; turning a page adds one, so Back returns to it.
        { replace: next.page === undefined },
      );
    },
    [setSearch],
  );

  useEffect(() => () => window.clearTimeout(settleTimer.current), []);

  const changeFilter = (value: string) => {
    setDraft(value);
    window.clearTimeout(settleTimer.current);
    settleTimer.current = window.setTimeout(
      () => update({ maxRent: value.trim() }),
      FILTER_SETTLE_MS,
    );
  };

  const clear = () => {
    window.clearTimeout(settleTimer.current);
    setDraft('');
    update({ maxRent: '' });
  };

  // A page past the end (an old link after a filter) moves to the last page that exists.
  useEffect(() => {
    if (data && !isPlaceholderData && data.total > 0 && params.page > data.pageCount) {
      update({ page: data.pageCount });
    }
  }, [data, isPlaceholderData, params.page, update]);

  const goToPage = (page: number) => {
    update({ page });
    listTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div ref={listTop} className="scroll-mt-20 space-y-8">
      {/* Top-aligned, the field level with the count line: a message under the field grows
          downwards instead of moving the heading. */}
      <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Apartments</h1>
          <p className="mt-2 text-base-content/75" aria-live="polite">
            {isPlaceholderData
              ? 'Searching…'
              : data && data.total === 0 && params.maxRent !== undefined
                ? // The box below says none was found; no order of nothing.
                  'Try a higher maximum rent, or clear it to see every apartment'
                : data
                  ? `${data.total} ${data.total === 1 ? 'apartment' : 'apartments'}${
                      params.maxRent === undefined ? '' : ' within your budget'
                    }, highest rent first`
                  : 'Find your next home in the building'}
          </p>
        </div>
        <div className="md:pt-2">
          <RentFilter
            value={draft}
            // Said once the typing has settled into the URL, about what the field still shows.
            issue={budgetIssue && draft.trim() === urlMaxRent ? budgetIssue : undefined}
            onChange={changeFilter}
            onClear={clear}
          />
        </div>
      </div>

      {isPending ? (
        <LoadingSpinner label="Loading apartments" />
      ) : isError && !data ? (
        <LoadError onRetry={refetch}>We couldn’t load the apartments just now.</LoadError>
      ) : data.result.length === 0 ? (
        <p className="rounded-box border border-dashed border-base-300 bg-base-200/60 px-6 py-16 text-center text-lg text-base-content/75">
          No apartment found within this range
        </p>
      ) : (
        <>
          <div
            className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
            aria-busy={isPlaceholderData}
          >
            {data.result.map((apartment, index) => (
              <ApartmentCard
                key={apartment._id}
                apartment={apartment}
                eager={index < 3}
                leading={index === 0}
              />
            ))}
          </div>
          <Pager page={data.page} pageCount={data.pageCount} onPage={goToPage} />
        </>
      )}
    </div>
  );
}
