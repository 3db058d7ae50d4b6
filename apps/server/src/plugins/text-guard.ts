import type { FieldIssue } from '@structomate/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

export const NUL_MESSAGE = 'Text may not contain the NUL character (\\u0000).';
export const HALF_CHARACTER_MESSAGE =
  'Text may not contain half of a character (a lone UTF-16 surrogate, such as \\ud800).';

/** A surrogate without its other half: JSON may carry one, no database column can hold it. */
const LONE_SURROGATE = /\p{Cs}/u;

/** What is wrong with `text` for the database, if anything. */
const textProblem = (text: string) =>
  text.includes('\u0000')
    ? NUL_MESSAGE
    : LONE_SURROGATE.test(text)
      ? HALF_CHARACTER_MESSAGE
      : undefined;

/**
 * Where in a parsed body, query or path a string holds text the database cannot store, as `a.b.0`
 * paths with what is wrong. A walk with its own stack, not recursion: JSON nested thousands deep
 * is valid and would overflow the call stack (a 500 where the answer is a 400 or the handler's
 * own refusal).
 */
function textIssues(root: unknown): FieldIssue[] {
  const found: FieldIssue[] = [];
  const child = (at: string, key: string) => (at ? `${at}.${key}` : key);
  const check = (text: string, path: string) => {
    const message = textProblem(text);
    if (message) found.push({ path, message });
  };
  const pending: { value: unknown; at: string }[] = [{ value: root, at: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, at } = next;
    if (typeof value === 'string') {
      check(value, at);
    } else if (ArrayBuffer.isView(value)) {
      // Bytes (an upload), not text.
    } else if (Array.isArray(value)) {
      // Pushed last to first, so the fields are named in the order they were sent.
      for (let index = value.length - 1; index >= 0; index -= 1) {
        pending.push({ value: value[index], at: child(at, String(index)) });
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value).reverse()) {
        check(key, child(at, key));
        pending.push({ value: item, at: child(at, key) });
      }
    }
  }
  return found;
}

/**
 * Refuses text PostgreSQL cannot store before any handler runs: a NUL character or half of a
 * character (a lone surrogate, which no JSON or text column takes) anywhere in the body, the
 * query or the path is a 400 naming the fields. The handler would otherwise get as far
 * as its first insert, having perhaps called a payment provider or sent mail on the way. After
 * the access check and the schema's own messages, which a field may have for it.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const issues = [
      ...textIssues(request.params),
      ...textIssues(request.query),
      ...textIssues(request.body),
    ];
    const [first] = issues;
    done(first ? new AppError('BAD_REQUEST', first.message, issues) : undefined);
  });
}
