import { BRAND_NAME } from '@structomate/contract';
import type { ReactNode } from 'react';

/**
 * The heading of a dashboard page, with an optional line under it and actions on the right; it
 * also names the browser tab after the page.
 */
export function PageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${title} · ${BRAND_NAME}`}</title>
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold sm:text-3xl">{title}</h1>
        {/* A long email address breaks rather than running past a phone's edge. */}
        {description && (
          <p className="mt-1 text-base-content/75 [overflow-wrap:anywhere]">{description}</p>
        )}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

/** What a list shows when it has nothing in it. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-box border border-dashed border-base-300 bg-base-200/60 px-6 py-12 text-center text-base-content/75">
      {children}
    </p>
  );
}
