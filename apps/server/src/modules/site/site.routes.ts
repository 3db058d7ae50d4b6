import { SiteConfigSchema, type SiteConfig } from '@structomate/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  const site: SiteConfig = {
    googleSignIn: app.config.google !== undefined,
    timeZone: app.config.rent.timeZone,
    payments: {
      provider: app.config.payments.provider,
      publishableKey: app.config.payments.stripe?.publishableKey ?? null,
      currency: app.config.payments.currency,
      rate: app.config.payments.rate,
    },
  };
  app.get(
    '/site',
    { config: { access: 'public' }, schema: { response: { 200: SiteConfigSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return site;
    },
  );
};
