import { AUTH_MESSAGES } from '@structomate/contract';
import { LuShieldX } from 'react-icons/lu';
import { Link } from 'react-router';

/** Spec §2: a page the signed-in person's role may not open. */
export function AccessDenied() {
  return (
    <div role="alert" className="flex flex-col items-center px-4 py-16 text-center">
      <LuShieldX aria-hidden="true" className="size-12 text-error" />
      <h1 className="mt-4 text-3xl font-semibold">{AUTH_MESSAGES.accessDenied}</h1>
      <p className="mt-2 max-w-md text-base-content/75">
        This page is for another kind of account. Use the menu to find your own pages.
      </p>
      <Link to="/dashboard" className="btn btn-primary mt-6">
        Back to my dashboard
      </Link>
    </div>
  );
}
