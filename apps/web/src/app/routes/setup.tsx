import { useLocation } from 'react-router';
import { tokenFromHash } from '../../lib/link-token';
import { SetupForm } from '../../features/building/components/setup-form';
import { BrandMark } from '../../components/brand-logo';

/** First run (`/setup#token=…`): claim the building with the link the server printed. */
export function SetupRoute() {
  const { hash } = useLocation();
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <title>Set up your building · StructoMate</title>
      <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm sm:p-10">
        <BrandMark className="size-10" />
        <h1 className="mt-4 text-3xl font-semibold">Set up your building</h1>
        <p className="mt-2 text-base-content/75">
          Create the admin account that runs the building, and tell residents where it is. You can
          change the building&apos;s details later in Building settings.
        </p>
        <div className="mt-8">
          <SetupForm token={tokenFromHash(hash)} />
        </div>
      </div>
    </div>
  );
}
