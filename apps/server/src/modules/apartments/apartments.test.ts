import {
  ApartmentListResponseSchema,
  ApartmentResponseSchema,
  ErrorResponseSchema,
} from '@structomate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build';
import { demoApartments, demoMemberApartmentNo } from '../../db/demo-data';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());

async function list(query = '') {
  const response = await t.app.inject({ method: 'GET', url: `/api/apartments${query}` });
  return { response, body: ApartmentListResponseSchema.parse(response.json()) };
}

const rentsDescending = [...demoApartments].map((a) => a.rent).sort((a, b) => b - a);

describe('GET /api/apartments', () => {
  it('returns the first page of 6, most expensive first, with the total', async () => {
    const { response, body } = await list();
    expect(response.statusCode).toBe(200);
    expect(body.result).toHaveLength(6);
    expect(body.result.map((a) => a.rent)).toEqual(rentsDescending.slice(0, 6));
    expect(body).toMatchObject({ total: demoApartments.length, page: 1, limit: 6, pageCount: 4 });
  });

  it('uses the spec field names and links each image', async () => {
    const { body } = await list('?limit=1');
    const apartment = body.result[0];
    expect(Object.keys(apartment ?? {}).sort()).toEqual(
      [
        '_id',
        'apartmentImage',
        'apartmentNo',
        'available',
        'blockName',
        'details',
        'floorNo',
        'rent',
      ].sort(),
    );
    const image = await t.app.inject({ method: 'GET', url: apartment?.apartmentImage ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
  });

  it('pages through every apartment exactly once', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const { body } = await list(`?page=${page}`);
      seen.push(...body.result.map((a) => a.apartmentNo));
    }
    expect(new Set(seen).size).toBe(demoApartments.length);
    const { body: beyond } = await list('?page=5');
    expect(beyond.result).toEqual([]);
    expect(beyond.total).toBe(demoApartments.length);
  });

  it('filters by maximum rent, inclusive, in the database', async () => {
    const { body } = await list('?maxRent=29500');
    const expected = demoApartments.filter((a) => a.rent <= 29500);
    expect(body.total).toBe(expected.length);
    expect(body.result.every((a) => a.rent <= 29500)).toBe(true);
    expect(body.result[0]?.rent).toBe(29500);
  });

  it('treats an empty maxRent as no filter', async () => {
    const { body } = await list('?maxRent=');
    expect(body.total).toBe(demoApartments.length);
  });

  it('returns an empty page when nothing is that cheap', async () => {
    const { body } = await list('?maxRent=100');
    expect(body).toMatchObject({ result: [], total: 0, pageCount: 1 });
  });

  it('marks the demo member’s apartment as occupied and the others as available', async () => {
    const { body } = await list(`?limit=60`);
    const occupied = body.result.filter((a) => !a.available).map((a) => a.apartmentNo);
    expect(occupied).toEqual([demoMemberApartmentNo]);
  });

  it.each([
    ['?maxRent=abc', 'maxRent must be a number'],
    ['?maxRent=-5', 'maxRent must be 0 or more'],
    ['?page=0', 'page must be 1 or more'],
    ['?page=two', 'page must be a number'],
    ['?limit=61', 'limit must be at most 60'],
    ['?limit=2.5', 'limit must be a whole number'],
  ])('refuses %s with a 400 naming the field', async (query, message) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/apartments${query}` });
    expect(response.statusCode).toBe(400);
    const body = ErrorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.message).toBe(message);
    expect(body.error.issues?.[0]?.path).toBe(message.split(' ')[0]);
  });

  it('answers a repeated request with 304 while nothing changed', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/apartments' });
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const second = await t.app.inject({
      method: 'GET',
      url: '/api/apartments',
      headers: { 'if-none-match': String(etag) },
    });
    expect(second.statusCode).toBe(304);
  });
});

describe('GET /api/apartments/:id', () => {
  it('returns one apartment under result', async () => {
    const { body } = await list('?limit=1');
    const first = body.result[0];
    const response = await t.app.inject({ method: 'GET', url: `/api/apartments/${first?._id}` });
    expect(response.statusCode).toBe(200);
    expect(ApartmentResponseSchema.parse(response.json()).result).toEqual(first);
  });

  it('answers a malformed id with 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/apartments/not-an-id' });
    expect(response.statusCode).toBe(400);
    expect(ErrorResponseSchema.parse(response.json()).error.message).toBe(
      'id must be a valid apartment id',
    );
  });

  it('answers an unknown id with 404', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/apartments/6c1f5d9e-3b7a-4c2e-9f10-2a4b6c8d0e1f',
    });
    expect(response.statusCode).toBe(404);
    expect(ErrorResponseSchema.parse(response.json()).error).toEqual({
      code: 'NOT_FOUND',
      message: 'No apartment has this id',
    });
  });
});
