import type { FieldIssue } from '@structomate/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';

/** Where in a parsed body, query or path a string holds a NUL character, as `a.b.0` paths. */
function nulPaths(value: unknown, at: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(at.join('.'));
  } else if (ArrayBuffer.isView(value)) {
    // Bytes (an upload), not text.
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulPaths(item, [...at, String(index)], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...at, key].join('.'));
      nulPaths(item, [...at, key], found);
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
