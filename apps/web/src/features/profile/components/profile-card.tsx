import type { SessionUser } from '@structomate/contract';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/avatar';
import { EmailAddress } from '../../../components/email-address';

const roleName = { user: 'User', member: 'Member', admin: 'Admin' };

/** Photo, name, email and type; spec §2 "Name: N/A" when a value is missing. */
export function ProfileCard({ user, children }: { user: SessionUser; children?: ReactNode }) {
  return (
    <section
      aria-label="Profile"
      className="overflow-hidden rounded-box border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="h-24 bg-gradient-to-r from-primary to-primary/70" aria-hidden="true" />
      <div className="px-6 pb-6">
        <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-end">
          <div className="w-fit rounded-full bg-base-100 p-1 shadow-sm">
            <Avatar name={user.displayName || '?'} photoURL={user.photoURL} size={96} />
          </div>
          <div className="min-w-0 pb-1">
            <h2 className="text-2xl font-semibold [overflow-wrap:anywhere]">
              Name: {user.displayName || 'N/A'}
            </h2>
            <p className="text-base-content/75 [overflow-wrap:anywhere]">
              {user.email ? <EmailAddress email={user.email} /> : 'N/A'}
            </p>
          </div>
          <span className="badge badge-primary badge-outline sm:mb-2 sm:ml-auto">
            {roleName[user.role]}
          </span>
        </div>
        {children && <div className="mt-6">{children}</div>}
      </div>
    </section>
  );
}

/** A labelled figure; missing values read N/A. */
export function Fact({
  label,
  value,
  className = '',
}: {
  label: string;
  value: ReactNode;
  /** Grid placement (column spans). */
  className?: string;
}) {
  return (
    <div className={`rounded-box bg-base-200/70 px-4 py-3 ${className}`}>
      <dt className="text-xs font-semibold uppercase tracking-wider text-base-content/70">
        {label}
      </dt>
      <dd className="mt-1 text-lg font-semibold">{value ?? 'N/A'}</dd>
    </div>
  );
}
