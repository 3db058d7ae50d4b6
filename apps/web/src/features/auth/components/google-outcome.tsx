import { AUTH_MESSAGES, GOOGLE_OUTCOMES, type GoogleOutcome } from '@structomate/contract';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';

/**
 * After Google sign-in the server sends the browser back with `?google=…`; this shows the spec's
 * message (§4, §8) once the user is known, then takes the parameter out of the address.
 */
export function GoogleOutcome() {
  const [params, setParams] = useSearchParams();
  const { user, loading } = useSession();
  // On every page: a plain list, not the contract's schema (Zod stays out of the first script).
  const named = params.get('google');
  const outcome = GOOGLE_OUTCOMES.find((value): value is GoogleOutcome => value === named);

  useEffect(() => {
    if (!outcome || loading) return;
    const name = user?.displayName ?? '';
    if (outcome === 'welcome' && user) toast.success(AUTH_MESSAGES.welcome(name));
    else if (outcome === 'welcome-back' && user) toast.success(AUTH_MESSAGES.welcomeBack(name));
    else toast.error(AUTH_MESSAGES.googleFailed);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('google');
        return next;
      },
      { replace: true },
    );
  }, [outcome, loading, user, setParams]);

  return null;
}
