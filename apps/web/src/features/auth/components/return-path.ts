import { z } from 'zod';

const FromStateSchema = z.object({
  from: z.object({ pathname: z.string(), search: z.string().optional() }),
});

/**
 * Where to go after signing in: the page that sent the person to log in (router state), else
 * the home page. Only paths on this site, never the login pages themselves.
 */
export function returnPathFrom(state: unknown): string {
  const parsed = FromStateSchema.safeParse(state);
  if (!parsed.success) return '/';
  const { pathname, search = '' } = parsed.data.from;
  if (
    !pathname.startsWith('/') ||
    pathname.startsWith('//') ||
    pathname.startsWith('/authentiction')
  ) {
    return '/';
  }
  return `${pathname}${search}`;
}
