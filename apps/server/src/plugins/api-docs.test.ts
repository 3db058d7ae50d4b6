import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../test/build';
import { API_DOCS_PREFIX } from './api-docs';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const OperationSchema = z.object({
  security: z.array(z.record(z.string(), z.array(z.string()))).optional(),
  tags: z.array(z.string()).optional(),
});
const DocumentSchema = z.object({
  openapi: z.string(),
  paths: z.record(z.string(), z.record(z.string(), OperationSchema)),
  components: z.object({ securitySchemes: z.record(z.string(), z.unknown()) }),
});

async function openApiDocument() {
  const response = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/json` });
  expect(response.statusCode).toBe(200);
  return {
    raw: response.json<Record<string, unknown>>(),
    document: DocumentSchema.parse(response.json()),
  };
}

/**
 * Every route the app has, read from Fastify's own tree (`printRoutes`), independent of the
 * document: `METHOD /path` with `:param`. HEAD is Fastify's twin of each GET; the docs' own
 * pages are left out.
 */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const parents: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const node = /^((?:[│ ] {3})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!node) continue;
    const [, indent = '', segment = '', methods] = node;
    parents.length = indent.length / 4;
    const url = parents.join('') + segment;
    parents.push(segment);
    if (!methods || url.startsWith(API_DOCS_PREFIX)) continue;
    for (const method of methods.split(', ')) {
      if (method !== 'HEAD') routes.push(`${method} ${url}`);
    }
  }
  return routes.sort();
}

const documented = (paths: z.infer<typeof DocumentSchema>['paths']) =>
  Object.entries(paths)
    .flatMap(([url, operations]) =>
      Object.keys(operations).map(
        (method) => `${method.toUpperCase()} ${url.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    )
    .sort();

describe('API description', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const { raw, document } = await openApiDocument();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    const result = await new Validator().validate(raw);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every route the app registers, with its method, and nothing else', async () => {
    const { document } = await openApiDocument();
    const routes = registeredRoutes(t.app);
    // The tree is read right: it holds every API route the access rules know.
    expect(routes).toEqual(
      expect.arrayContaining(t.app.accessTable.map((route) => `${route.method} ${route.url}`)),
    );
    expect(routes.length).toBeGreaterThan(t.app.accessTable.length);
    expect(documented(document.paths)).toEqual(routes);
  });

  it('describes the session cookie and says which routes need it', async () => {
    const { document } = await openApiDocument();
    expect(document.components.securitySchemes).toMatchObject({
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sm_session' },
      bearerToken: { type: 'http', scheme: 'bearer' },
    });
    for (const route of t.app.accessTable) {
      const url = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[url]?.[route.method.toLowerCase()];
      expect(operation?.security, `${route.method} ${route.url}`).toEqual(
        route.access === 'public' ? [] : [{ sessionCookie: [] }, { bearerToken: [] }],
      );
    }
  });

  it('serves Swagger UI from our own origin, under the site-wide CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: API_DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]);
    expect(scripts).toContain(`${API_DOCS_PREFIX}/static/swagger-ui-bundle.js`);
    expect(page.body).not.toMatch(/<script>|https?:\/\//);
    for (const script of scripts) {
      const asset = await t.app.inject({ method: 'GET', url: script ?? '' });
      expect(asset.statusCode, script).toBe(200);
    }
  });
});
