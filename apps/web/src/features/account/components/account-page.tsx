import { LoadError } from '../../../components/load-error';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { PageHeader } from '../../../components/page-header';
import { useAccount } from '../api/account';
import {
  NotificationsSection,
  PasswordSection,
  ProfileSection,
  SessionsSection,
} from './account-sections';
import { EmailSection, YourDataSection } from './account-lifecycle';

/** Account (every role): profile, password, email notifications and signed-in devices. */
export function AccountPage() {
  const account = useAccount();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Account"
        description="Your name and photo, password and email, what you get by email, where you are signed in, and your data."
      />
      {account.isPending ? (
        <LoadingSpinner label="Loading your account" />
      ) : account.isError ? (
        <LoadError onRetry={account.refetch}>Your account could not be loaded.</LoadError>
      ) : (
        <div className="grid gap-6 xl:grid-cols-2">
          <ProfileSection account={account.data} />
          <PasswordSection account={account.data} />
          <EmailSection account={account.data} />
          <NotificationsSection account={account.data} />
          <SessionsSection />
          <YourDataSection account={account.data} />
        </div>
      )}
    </div>
  );
}
