/** The spec's spinner, announced to screen readers. */
export function LoadingSpinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex min-h-64 items-center justify-center py-16">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
