import { useEffect } from 'react';

/**
 * Keeps a paged list's page in range: when the list shrinks under it (the last row of the last
 * page was removed), it moves back to the new last page rather than showing an empty one.
 */
export function useKeepPageInRange(
  page: number,
  pageCount: number | undefined,
  setPage: (page: number) => void,
): void {
  useEffect(() => {
    if (pageCount !== undefined && page > pageCount) setPage(pageCount);
  }, [page, pageCount, setPage]);
}
