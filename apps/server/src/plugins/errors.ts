import type { ErrorResponse, FieldIssue } from '@structomate/contract';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, statusByCode } from '../lib/app-error';
import { unstorableText } from '../lib/db-errors';
import { BARE_SECURITY_HEADERS } from './security';
import { NUL_MESSAGE } from './text-guard';

const whereByContext: Record<string, string> = {
  body: 'request body',
  querystring: 'query string',
  params: 'URL',
  headers: 'headers',
};

function validationError(error: FastifyError): AppError {
  const issues: FieldIssue[] = hasZodFastifySchemaValidationErrors(error)
    ? error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'is invalid',
      }))
    : [];
  const first = issues[0];
  const where = whereByContext[error.validationContext ?? ''] ?? 'request';
  const message = first
    ? first.path
      ? `${first.path} ${first.message}`
      : `The ${where} ${first.message}`
    : `The ${where} is invalid`;
  return new AppError('VALIDATION_FAILED', message, issues);
}

/** Errors Fastify raises itself (bad JSON, wrong content type, too large), in our words. */
function frameworkError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('BAD_REQUEST', 'The request body is not valid JSON');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here');
    default:
      if (error.statusCode === 404) return new AppError('NOT_FOUND', 'Not found');
      if (error.statusCode === 413) return new AppError('PAYLOAD_TOO_LARGE', error.message);
      if (error.statusCode === 415 || error.statusCode === 406) {
        return new AppError('UNSUPPORTED_MEDIA_TYPE', error.message);
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return new AppError('BAD_REQUEST', error.message);
      }
      return undefined;
  }
}

export function sendError(reply: FastifyReply, error: AppError): FastifyReply {
  const body: ErrorResponse = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.issues?.length ? { issues: error.issues } : {}),
    },
  };
  if (error.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.retryAfterSeconds));
  }
  return reply.code(statusByCode[error.code]).type('application/json; charset=utf-8').send(body);
}

/** One JSON error shape for every failure; 5xx details go to the log, never to the client. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known =
      error instanceof AppError
        ? error
        : error.validation
          ? validationError(error)
          : frameworkError(error);
    if (known) {
      if (known.statusCode >= 500) request.log.error({ err: error }, known.message);
      return sendError(reply, known);
    }
    if (unstorableText(error)) {
      // Not the error itself: a failed query carries its parameters (emails, hashes).
      request.log.info('refused text the database cannot store (NUL)');
      return sendError(reply, new AppError('BAD_REQUEST', NUL_MESSAGE));
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(
      reply,
      new AppError('INTERNAL', 'Something went wrong on our side. Please try again.'),
    );
  });
}

export function apiNotFound(method: string, url: string): AppError {
  return new AppError('NOT_FOUND', `No API endpoint answers ${method} ${url.split('?')[0]}`);
}

/**
 * Failures the router meets before any route or hook (Fastify's `frameworkErrors`): a malformed
 * percent-encoding, a path segment longer than it reads. Answered in the error shape, with the
 * security headers the hooks would have added.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  reply.headers(BARE_SECURITY_HEADERS);
  reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendError(reply, new AppError('URI_TOO_LONG', 'A part of this address is too long.'));
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendError(
      reply,
      new AppError('BAD_REQUEST', 'This address is malformed (a % must start a valid escape).'),
    );
  }
  request.log.error({ err: error }, 'framework error');
  return sendError(reply, new AppError('BAD_REQUEST', 'The request could not be read.'));
}

const clientErrors: Record<string, [number, ErrorResponse['error']]> = {
  HPE_HEADER_OVERFLOW: [
    431,
    { code: 'HEADERS_TOO_LARGE', message: 'The request headers (cookies too) are too large.' },
  ],
  ERR_HTTP_REQUEST_TIMEOUT: [
    408,
    { code: 'REQUEST_TIMEOUT', message: 'The request took too long to arrive.' },
  ],
};
const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (oversized headers, a timeout,
 * bytes that are not HTTP): the same error shape and security headers, written to the socket.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body] = clientErrors[error.code ?? ''] ?? [
    400,
    { code: 'BAD_REQUEST' as const, message: 'The request is not valid HTTP.' },
  ];
  const json = JSON.stringify({ error: body } satisfies ErrorResponse);
  const headers = {
    ...BARE_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(json)),
    connection: 'close',
  };
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${Object.entries(headers)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('')}\r\n${json}`,
    );
  }
  socket.destroy(error);
}
