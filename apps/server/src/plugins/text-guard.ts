import type { FieldIssue } from '@structomate/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

/**
 * Where in a parsed body, query or path a string holds a NUL character, as `a.b.0` paths. A walk
 * with its own stack, not recursion: JSON nested thousands deep is valid and would overflow the
 * call stack (a 500 where the answer is a 400 or the handler's own refusal).
 */
function nulPaths(root: unknown): string[] {
  const found: string[] = [];
  const child = (at: string, key: string) => (at ? `${at}.${key}` : key);
  const pending: { value: unknown; at: string }[] = [{ value: root, at: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, at } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(at);
    } else if (ArrayBuffer.isView(value)) {
      // Bytes (an upload), not text.
    } else if (Array.isArray(value)) {
      // Pushed last to first, so the fields are named in the order they were sent.
      for (let index = value.length - 1; index >= 0; index -= 1) {
        pending.push({ value: value[index], at: child(at, String(index)) });
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value).reverse()) {
        if (key.includes('\u0000')) found.push(child(at, key));
        pending.push({ value: item, at: child(at, key) });
      }
    }
  }
  return found;
}

/**
 * Refuses text PostgreSQL cannot store before any handler runs: a NUL character anywhere in the
 * body, the query or the path is a 400 naming the fields. The handler would otherwise get as far
 * as its first insert, having perhaps called a payment provider or sent mail on the way. After
 * the access check and the schema's own messages, which a field may have for it.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const issues: FieldIssue[] = [
      ...nulPaths(request.params),
      ...nulPaths(request.query),
      ...nulPaths(request.body),
    ].map((path) => ({ path, message: NUL_MESSAGE }));
    if (issues.length) throw new AppError('BAD_REQUEST', NUL_MESSAGE, issues);
  });
}
