import { stdSerializers, type SerializedError } from 'pino';

/**
 * What a logged error may say. A failed query (DrizzleQueryError) carries its parameters in
 * `params` and in its message and stack ("params: …"): emails, password hashes, tokens. A
 * PostgreSQL error's `detail` repeats the offending values ("Key (email)=(…) already exists").
 * The query text, the SQLSTATE code, the constraint and the cause's message stay: they are what
 * an operator needs.
 */
const REDACTED = '[redacted]';

const isFailedQuery = (error: Error): error is Error & { query: unknown; params: unknown } =>
  'query' in error && 'params' in error;

/** The failed query without its parameters, keeping its cause and its stack frames. */
function withoutParams(error: Error & { query: unknown }): Error {
  const copy = new Error(`Failed query: ${String(error.query)}`, { cause: error.cause });
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  copy.stack = [`${error.name}: ${copy.message}`, ...frames].join('\n');
  return copy;
}

/** pino's error serializer, less the values a query or a constraint carried. */
export function serializeError(error: Error): SerializedError {
  const failedQuery = isFailedQuery(error);
  const serialized: SerializedError = stdSerializers.err(
    failedQuery ? withoutParams(error) : error,
  );
  if (failedQuery) serialized.type = error.constructor.name;
  for (const key of ['params', 'parameters', 'detail']) {
    if (key in serialized) serialized[key] = REDACTED;
  }
  return serialized;
}
