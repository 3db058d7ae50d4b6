import { z } from 'zod';

/** Run-time settings the web app needs, served by the API so a deployment can change them without a rebuild. */
export const SiteConfigSchema = z.object({
  /** True when Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET). */
  googleSignIn: z.boolean(),
  /** Which payment provider the rent page uses (the sandbox needs no key), and what it charges. */
  /** The building's calendar (TIME_ZONE): which day it is for leases and rent. */
  timeZone: z.string(),
  payments: z.object({
    provider: z.enum(['sandbox', 'stripe']),
    publishableKey: z.string().nullable(),
    currency: z.string(),
    /** BDT per unit of `currency`; null when charging taka. */
    rate: z.string().nullable(),
  }),
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

/** `/healthz`: the process is alive (it answers without touching the database). */
export const LivenessResponseSchema = z.object({ status: z.literal('ok') });
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;

/** `/readyz`: the process can serve requests (its database answers). */
export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
