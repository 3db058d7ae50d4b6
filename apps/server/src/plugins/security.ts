import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { API_DOCS_PREFIX } from './api-docs';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers for answers written before any hook runs (a malformed address, oversized headers): an
 * error body that nothing may frame, sniff or run.
 */
export const BARE_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/**
 * Headers for the API's answers (JSON, images, files) and the web app's built files (see
 * getsApiHeaders): nothing may frame, sniff or run them, and no other site may embed them. The
 * document headers below (a referrer policy, cross-origin opener and agent cluster, Helmet's
 * legacy X- headers) concern pages a browser shows, and a browser never shows these as pages, so
 * they are not sent: each header costs every request (twenty of them took 45 % off a bare
 * server's answers per second; docs/perf.md). Routes that answer HTML under /api set their own
 * policy (the mail preview) or get the page headers (the API documentation).
 */
export const API_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Whether `url` gets the API's headers rather than a page's: an API answer, or one of the web
 * app's built files (scripts, styles, fonts, images under /assets), which a browser never shows
 * as a page either (an SVG opened on its own is held by the same `default-src 'none'`). A page's
 * headers are about 500 bytes more on each of the thirty-odd files a first visit loads.
 */
export function getsApiHeaders(url: string): boolean {
  return (
    (url.startsWith('/api/') && !url.startsWith(API_DOCS_PREFIX)) || url.startsWith('/assets/')
  );
}

/**
 * Security headers for every response. The only third-party origin the pages use is the map
 * frame on the home page.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  production: boolean,
  stripe: boolean,
): void {
  // API answers are personal unless a route says otherwise (the public lists set their own).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
  // Stripe.js and its card frame are the only third-party code, and only when Stripe is set up.
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeApi = stripe ? ['https://api.stripe.com'] : [];
  const headers = helmetHeaders({
    strictTransportSecurity: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...stripeScripts],
        // react-toastify injects its stylesheet at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Google account photos are the only images not stored by us.
        imgSrc: ["'self'", 'data:', 'blob:', 'https://*.googleusercontent.com'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...stripeApi],
        // 'self': the admin's Sent mail shows each email in a sandboxed frame of ours.
        frameSrc: ["'self'", 'https://www.google.com', 'https://maps.google.com', ...stripeFrames],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // Maps embeds need the referrer's origin to render.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // The same headers on every answer, worked out once: @fastify/helmet built Helmet's middleware
  // and parsed the policy again for each request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(getsApiHeaders(request.url) ? API_SECURITY_HEADERS : headers);
    // HSTS only on answers that went out over https (directly, or per X-Forwarded-Proto from a
    // trusted proxy): over plain http a browser ignores it, and it would claim what is not so.
    if (production && request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    done();
  });
}

/** The headers Helmet's middleware sets for `options`, taken from one run of it. */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return headers;
}
