import { PageHeader } from '../../../components/page-header';
import { useMemberAnnouncements } from '../api/get-member-announcements';
import { AnnouncementList } from './announcement-list';

/** Spec §2 member-announcements: news for tenants and for everyone. */
export function MemberAnnouncements() {
  const query = useMemberAnnouncements();
  return (
    <div className="space-y-6">
      <PageHeader title="Announcements" description="News from the building for its tenants." />
      <AnnouncementList query={query} />
    </div>
  );
}
