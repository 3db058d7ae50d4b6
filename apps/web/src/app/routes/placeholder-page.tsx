import { EmptyState, PageHeader } from '../../components/page-header';

/** A dashboard page whose feature has not shipped yet: its heading and its empty state. */
export function PlaceholderPage({ title, empty }: { title: string; empty: string }) {
  return (
    <div className="space-y-6">
      <title>{`${title} · StructoMate`}</title>
      <PageHeader title={title} />
      <EmptyState>{empty}</EmptyState>
    </div>
  );
}
