/** Previous / Next with the current page; each button is disabled at its end (spec §4). */
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
        className="btn btn-outline min-w-28"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <p className="min-w-28 text-center text-sm text-base-content/75" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <button
        type="button"
        className="btn btn-outline min-w-28"
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
