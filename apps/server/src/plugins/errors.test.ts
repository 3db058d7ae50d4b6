import { ErrorResponseSchema } from '@structomate/contract';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../lib/app-error';
import { registerErrorHandling } from './errors';
import { useContractSchemas } from './zod-schemas';

// A small app with the real error handling and a few routes that fail in each known way.
const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
beforeAll(async () => {
  useContractSchemas(app);
  registerErrorHandling(app);
  app.post(
    '/things',
    {
      bodyLimit: 64,
      schema: {
        body: z.object({
          newThing: z.object({ title: z.string().min(1, { error: 'is required' }) }),
        }),
        response: { 201: z.object({ insertedId: z.string() }) },
      },
    },
    async (_request, reply) =>
      reply.code(201).send({ insertedId: 'x', secret: 'dropped' } as { insertedId: string }),
  );
  app.get('/conflict', async () => {
    throw new AppError('CONFLICT', 'This apartment is already leased');
  });
  app.get('/crash', async () => {
    throw new Error('database password is hunter2');
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (payload: string, contentType = 'application/json') =>
  app.inject({ method: 'POST', url: '/things', headers: { 'content-type': contentType }, payload });

describe('error handling', () => {
  it('names the invalid field in a 400', async () => {
    const response = await post(JSON.stringify({ newThing: { title: '' } }));
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'newThing.title is required',
      issues: [{ path: 'newThing.title', message: 'is required' }],
    });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await post('{"newThing":');
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error).toEqual({
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON',
    });
  });

  it('answers an oversized body with 413 and an unknown content type with 415', async () => {
    const large = await post(JSON.stringify({ newThing: { title: 'x'.repeat(100) } }));
    expect(large.statusCode).toBe(413);
    expect(ErrorResponseSchema.parse(large.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    const xml = await post('<thing/>', 'application/xml');
    expect(xml.statusCode).toBe(415);
    expect(ErrorResponseSchema.parse(xml.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('maps an AppError to its status and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: { code: 'CONFLICT', message: 'This apartment is already leased' },
    });
  });

  it('hides the details of an unexpected failure', async () => {
    const response = await app.inject({ method: 'GET', url: '/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('hunter2');
    expect(ErrorResponseSchema.parse(response.json()).error.code).toBe('INTERNAL');
  });

  it('serializes responses by the contract, dropping undeclared fields', async () => {
    const response = await post(JSON.stringify({ newThing: { title: 'ok' } }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ insertedId: 'x' });
  });
});
