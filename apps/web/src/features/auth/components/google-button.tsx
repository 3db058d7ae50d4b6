import { FcGoogle } from 'react-icons/fc';
import { useSiteConfig } from '../../../lib/site-config';

/**
 * Google sign-in through the server's OpenID Connect flow; when the deployment has no Google
 * client configured, the button says so instead of failing.
 */
export function GoogleButton({ returnTo }: { returnTo: string }) {
  const { data: site, isPending } = useSiteConfig();
  if (isPending) return <div className="skeleton h-10 w-full" aria-hidden="true" />;
  if (!site?.googleSignIn) {
    return (
      // Two lines on a phone: the button grows to hold them rather than the text overrunning it.
      <button type="button" className="btn btn-outline btn-block h-auto min-h-10 py-2" disabled>
        <FcGoogle aria-hidden="true" className="size-5 opacity-50" />
        Google sign-in is not configured
      </button>
    );
  }
  return (
    <a
      href={`/api/auth/google/start?returnTo=${encodeURIComponent(returnTo)}`}
      className="btn btn-outline btn-block"
    >
      <FcGoogle aria-hidden="true" className="size-5" />
      Continue with Google
    </a>
  );
}
