import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { SESSION_COOKIE, type Access } from './auth';

/** The API's description: Swagger UI here, the OpenAPI document at `/json` (and `/yaml`) below it. */
export const API_DOCS_PREFIX = '/api/docs';

const SIGNED_IN: { [scheme: string]: readonly string[] }[] = [
  { sessionCookie: [] },
  { bearerToken: [] },
];

/** Who may call a route, from its access rule (plugins/auth.ts), in the document's terms. */
function describeAccess(schema: FastifySchema, access: Access | undefined): FastifySchema {
  if (access === undefined) return schema;
  const who =
    access === 'public'
      ? 'Anyone.'
      : access === 'signed-in'
        ? 'Anyone signed in.'
        : `Signed in as ${access.join(' or ')}.`;
  return {
    ...schema,
    description: schema.description ? `${schema.description}\n\nAccess: ${who}` : `Access: ${who}`,
    security: access === 'public' ? [] : SIGNED_IN,
  };
}

/**
 * A query taken as a free-form map (`z.record`, the OpenID provider's answer on the callback) has
 * no named parameters to list; @fastify/swagger would list the schema's own keywords instead.
 */
function withoutFreeFormParameters(schema: FastifySchema): FastifySchema {
  const named = (part: unknown) =>
    typeof part === 'object' && part !== null && 'properties' in part;
  const { querystring, ...rest } = schema;
  return querystring === undefined || named(querystring) ? schema : rest;
}

/**
 * `/api/admin/maintenance/:id` → `admin/maintenance`, `/api/apartments/:id` → `apartments`; the
 * routes outside `/api` are the health checks.
 */
function tagOf(url: string): string {
  if (!url.startsWith('/api/')) return 'health';
  const [first = 'api', second] = url.slice('/api/'.length).split('/');
  return first === 'admin' && second && !second.startsWith(':') ? `admin/${second}` : first;
}

/**
 * OpenAPI 3.1 generated from the routes' contract schemas, served with Swagger UI. Registered
 * before the routes: the document is collected as each route is added.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'StructoMate API',
        version: '0.1.0',
        description:
          'The HTTP API of StructoMate, generated from the contract (`packages/contract`) that ' +
          'validates every request and response. Sign in with `POST /api/login`: the answer sets ' +
          `the session cookie (\`${SESSION_COOKIE}\`) and returns the same token, which API ` +
          'clients may send as `Authorization: Bearer <token>` instead. Errors are ' +
          '`{ "error": { "code", "message", "issues"? } }`.',
      },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The session cookie set by POST /api/login (HttpOnly, SameSite=Lax).',
          },
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token POST /api/login returns, for clients without cookies.',
          },
        },
      },
    },
    transform: (document) => {
      const { schema, url } = jsonSchemaTransform(document);
      if (schema?.hide) return { schema, url };
      const tagged = { ...withoutFreeFormParameters(schema ?? {}), tags: [tagOf(url)] };
      return { schema: describeAccess(tagged, document.route.config?.access), url };
    },
    transformObject: jsonSchemaTransformObject,
  });
  // The pages are public and static; they are registered before the access rules (auth.ts), which
  // are for the API's own routes and so do not list them.
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    theme: { title: 'StructoMate API' },
    // No call to validator.swagger.io: no request leaves the site.
    uiConfig: { validatorUrl: null, deepLinking: true, docExpansion: 'none' },
  });
}
