import { SandboxConfirmResponseSchema, type SandboxCard } from '@structomate/contract';
import { postJson } from '../../../lib/api-client';

/** The sandbox processor's card confirmation (what Stripe.js does with real Stripe). */
export const confirmSandboxCard = (clientSecret: string, card: SandboxCard) =>
  postJson('/sandbox/confirm', SandboxConfirmResponseSchema, { clientSecret, card });
