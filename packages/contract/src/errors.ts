import { z } from 'zod';

/** Every failure the API returns has this one shape. */
export const ErrorCodeSchema = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHORIZED',
  /** The payment provider refused the card (Stripe answers 402). */
  'PAYMENT_FAILED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  /** The request took too long to arrive (408). */
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  /** An address, or a part of it, longer than the server reads (414). */
  'URI_TOO_LONG',
  'UNSUPPORTED_MEDIA_TYPE',
  'TOO_MANY_REQUESTS',
  /** Headers (cookies among them) larger than the server reads (431). */
  'HEADERS_TOO_LARGE',
  'INTERNAL',
  'UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldIssueSchema = z.object({
  /** Dotted path of the offending field, e.g. `maxRent` or `newCoupon.code`. */
  path: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssueSchema>;

export const ErrorResponseSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    issues: z.array(FieldIssueSchema).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
