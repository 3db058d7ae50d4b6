import { Suspense, type ReactNode } from 'react';
import { useHydrated } from '../lib/hydrated';

/**
 * Where a chart goes. Charts are drawn in the browser only (their library is loaded on demand
 * and measures the page): a page the server drew, and the browser's first render of it, show the
 * chart's skeleton, of the chart's height, until the chart is ready.
 */
export function ChartSlot({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const skeleton = <div className="skeleton h-64 w-full" aria-hidden="true" />;
  if (!hydrated) return skeleton;
  return <Suspense fallback={skeleton}>{children}</Suspense>;
}
