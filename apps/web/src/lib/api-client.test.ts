import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiRequest, postJsonPage, toQueryString } from './api-client';

const respond = (status: number, body: unknown) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

afterEach(() => vi.restoreAllMocks());

describe('apiRequest', () => {
  it('returns the parsed body of a success', async () => {
    const fetchSpy = respond(200, { result: 3, extra: true });
    await expect(apiRequest('/things', z.object({ result: z.number() }))).resolves.toEqual({
      result: 3,
    });
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/things',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
  });

  it("throws the server's message for a failure", async () => {
    respond(409, { error: { code: 'CONFLICT', message: 'This apartment is already leased' } });
    const failure = apiRequest('/things', z.object({}));
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: 'This apartment is already leased',
    });
  });

  it('loads the schema with the call when it is given a loader, and parses with it', async () => {
    respond(200, { result: 3, extra: true });
    const load = vi.fn(async () => z.object({ result: z.number() }));
    await expect(apiRequest('/things', load)).resolves.toEqual({ result: 3 });
    expect(load).toHaveBeenCalledOnce();
    respond(200, { result: 'three' });
    await expect(apiRequest('/things', load)).rejects.toThrow();
  });

  it('refuses a success whose body breaks the contract', async () => {
    respond(200, { result: 'three' });
    await expect(apiRequest('/things', z.object({ result: z.number() }))).rejects.toThrow();
  });
});

describe('toQueryString', () => {
  it('skips undefined values', () => {
    expect(toQueryString({ maxRent: undefined, page: 2, limit: 6 })).toBe('?page=2&limit=6');
    expect(toQueryString({ maxRent: undefined })).toBe('');
  });
});

describe('postJsonPage', () => {
  it('asks for a page and reads where it sits from the headers', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify([1, 2]), {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'x-total-count': '42',
          'x-page': '2',
          'x-page-count': '3',
        },
      }),
    );
    await expect(postJsonPage('/things', z.array(z.number()), 2, 20)).resolves.toEqual({
      items: [1, 2],
      total: 42,
      page: 2,
      pageCount: 3,
    });
    expect(fetchSpy).toHaveBeenCalledWith(
      '/api/things',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ page: 2, limit: 20 }) }),
    );
  });

  it('without the headers (an older server), it is one page of what came', async () => {
    respond(200, [1]);
    await expect(postJsonPage('/things', z.array(z.number()), 1, 20)).resolves.toEqual({
      items: [1],
      total: 1,
      page: 1,
      pageCount: 1,
    });
  });
});
