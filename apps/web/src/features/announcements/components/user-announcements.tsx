import type { Agreement } from '@structomate/contract';
import { useEffect } from 'react';
import { PageHeader } from '../../../components/page-header';
import { formatShortDate } from '../../../lib/format';
import { useOwnAgreement } from '../../../lib/own-agreement';
import { useUserAnnouncements } from '../api/get-user-announcements';
import { AnnouncementList } from './announcement-list';

function Summary({
  label,
  value,
  loading,
}: {
  label: string;
  value: string | undefined;
  loading: boolean;
}) {
  return (
    <div className="rounded-box bg-base-200/70 px-4 py-3">
      <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold first-letter:uppercase">
        {loading ? (
          // Same height as the value, so nothing moves when it arrives.
          <span className="skeleton inline-block h-5 w-28 align-middle" />
        ) : (
          (value ?? 'N/A')
        )}
      </dd>
    </div>
  );
}

/** Spec §2: Status, Agreement Signing Date, Agreement Checked Date, each N/A when missing. */
function AgreementSummary() {
  const { data: agreement, isPending, error } = useOwnAgreement();
  useEffect(() => {
    // Spec §8: a failed load is logged only; the summary then reads N/A.
    if (error) console.warn('Agreement status could not be loaded', error);
  }, [error]);
  const shown: Agreement | null | undefined = error ? null : agreement;
  return (
    <section
      aria-labelledby="agreement-summary"
      className="rounded-box border border-base-300 bg-base-100 p-5 shadow-sm sm:p-6"
    >
      <h2 id="agreement-summary" className="text-xl font-semibold">
        Your agreement
      </h2>
      <dl className="mt-4 grid gap-3 sm:grid-cols-3" aria-busy={isPending}>
        <Summary label="Status" value={shown?.status} loading={isPending} />
        <Summary
          label="Agreement Signing Date"
          value={shown ? formatShortDate(shown.agreementSigningDate) : undefined}
          loading={isPending}
        />
        <Summary
          label="Agreement Checked Date"
          value={
            shown?.agreementCheckedDate ? formatShortDate(shown.agreementCheckedDate) : undefined
          }
          loading={isPending}
        />
      </dl>
    </section>
  );
}

/** Spec §2 user-announcements: the agreement summary, then news for users and for everyone. */
export function UserAnnouncements() {
  const query = useUserAnnouncements();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Announcements"
        description="Where your agreement request stands, and news from the building."
      />
      <AgreementSummary />
      <section aria-label="Announcement list" className="space-y-4">
        <AnnouncementList query={query} />
      </section>
    </div>
  );
}
