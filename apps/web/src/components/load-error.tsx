import type { ReactNode } from 'react';

/** What a page shows when its data could not be loaded: the reason and a way to ask again. */
export function LoadError({ children, onRetry }: { children: ReactNode; onRetry: () => unknown }) {
  return (
    <div role="alert" className="alert alert-soft alert-error">
      <span>{children}</span>
      <button type="button" className="btn btn-sm" onClick={() => void onRetry()}>
        Try again
      </button>
    </div>
  );
}
