/**
 * Previous / Next with the current page; each button is disabled at its end (spec §4). On a phone
 * the buttons share the width, so the pager never runs past the list above it.
 */
export function Pager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3">
      <button
        type="button"
        className="btn btn-outline flex-1 sm:min-w-28 sm:flex-none"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <p
        className="shrink-0 text-center text-sm text-base-content/75 sm:min-w-28"
        aria-live="polite"
      >
        Page {page} of {pageCount}
      </p>
      <button
        type="button"
        className="btn btn-outline flex-1 sm:min-w-28 sm:flex-none"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
