import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every response. The only third-party origin the pages use is the map
 * frame on the home page.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  production: boolean,
  stripe: boolean,
): Promise<void> {
  // Stripe.js and its card frame are the only third-party code, and only when Stripe is set up.
  const stripeScripts = stripe ? ['https://js.stripe.com'] : [];
  const stripeFrames = stripe ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [];
  const stripeApi = stripe ? ['https://api.stripe.com'] : [];
  await app.register(helmet, {
    // HSTS only where the site is served over https, i.e. in production.
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
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
}
