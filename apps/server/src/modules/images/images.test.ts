import { ErrorResponseSchema, ImageUploadResponseSchema } from '@structomate/contract';
import { count, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, type TestApp } from '../../../test/build';
import { multipart, pngClaiming, testImage } from '../../../test/images';
import { apartmentPhotos, images, rateLimits, users } from '../../db/schema';
import { deleteUnusedUploads, imageIdFromUrl, sniffFormat } from './images.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ demo: true });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(rateLimits);
});

const imageCount = async () => (await t.database.db.select({ n: count() }).from(images))[0]?.n ?? 0;

function upload(bytes: Buffer, options: { field?: string; headers?: Record<string, string> } = {}) {
  const form = multipart(options.field ?? 'image', bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/images',
    payload: form.payload,
    headers: { ...form.headers, ...options.headers },
  });
}

describe('POST /api/images', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'accepts a %s, re-encodes it to WebP and answers like the image host did',
    async (format) => {
      const response = await upload(await testImage(format));
      expect(response.statusCode).toBe(200);
      const body = ImageUploadResponseSchema.parse(response.json());
      expect(body.success).toBe(true);
      expect(body.data.url).toMatch(/^\/api\/images\/[0-9a-f]{64}\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: body.data.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(sniffFormat(served.rawPayload)).toBe('webp');
    },
  );

  it('shrinks a photo to avatar size and strips its metadata', async () => {
    const photo = await testImage('jpeg', { width: 2400, height: 1600, exif: true });
    expect(photo.includes('EXIF-SECRET-MARKER')).toBe(true);
    const response = await upload(photo);
    const { data } = ImageUploadResponseSchema.parse(response.json());
    expect([data.width, data.height]).toEqual([512, 341]);
    const served = await t.app.inject({ method: 'GET', url: data.url });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes('EXIF-SECRET-MARKER')).toBe(false);
  });

  it('judges the content, not the name: text called photo.jpg is 415 and nothing is stored', async () => {
    const before = await imageCount();
    const response = await upload(Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(response.statusCode).toBe(415);
    expect(ErrorResponseSchema.parse(response.json()).error.message).toMatch(/JPEG, PNG and WebP/);
    const gif = await upload(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'));
    expect(gif.statusCode).toBe(415);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const before = await imageCount();
    const big = Buffer.concat([await testImage('png'), Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(big);
    expect(response.statusCode).toBe(413);
    expect(ErrorResponseSchema.parse(response.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await imageCount()).toBe(before);
  });

  it('refuses an image over the pixel limit with 413', async () => {
    const response = await upload(await pngClaiming(20_000, 20_000));
    expect(response.statusCode).toBe(413);
    expect(ErrorResponseSchema.parse(response.json()).error.message).toMatch(/megapixels/);
  });

  it('refuses a damaged image with 415', async () => {
    const png = await testImage('png');
    const response = await upload(png.subarray(0, 40));
    expect(response.statusCode).toBe(415);
  });

  it('wants multipart with the field "image"', async () => {
    const wrongField = await upload(await testImage('png'), { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/images', payload: { url: 'x' } });
    expect(json.statusCode).toBe(415);
  });

  it('answers a multipart body without its boundary, or cut short, with 400 (not 500)', async () => {
    for (const [type, body] of [
      ['multipart/form-data', 'x'],
      ['multipart/form-data; boundary=', 'x'],
      [
        'multipart/form-data; boundary=abc',
        '--abc\r\nContent-Disposition: form-data; name="image"',
      ],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        payload: body,
        headers: { 'content-type': type },
      });
      expect(response.statusCode, type).toBe(400);
      expect(ErrorResponseSchema.parse(response.json()).error.message).toBe(
        'The upload could not be read (cut short, or not valid multipart/form-data). Try again.',
      );
    }
  });

  it('spends no upload allowance on a request that is not multipart', async () => {
    for (let n = 0; n < 12; n += 1) {
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/images',
        payload: { url: 'x' },
      });
      expect(json.statusCode).toBe(415);
    }
    const png = await testImage('png', { width: 20, height: 20 });
    expect((await upload(png)).statusCode).toBe(200);
  });

  it('rate-limits anonymous uploads per address', async () => {
    const png = await testImage('png', { width: 20, height: 20 });
    for (let n = 0; n < 10; n += 1) expect((await upload(png)).statusCode).toBe(200);
    const blocked = await upload(png);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // A signed-in resident has an allowance of their own.
    const session = await loginAs(t.app, 'user');
    const form = multipart('image', png);
    const own = await session.inject({
      method: 'POST',
      url: '/api/images',
      payload: form.payload,
      headers: form.headers,
    });
    expect(own.statusCode).toBe(200);
  });
});

describe('cleaning up', () => {
  it('deletes old uploads nobody uses, keeping artwork and photos in use', async () => {
    const unused = ImageUploadResponseSchema.parse(
      (await upload(await testImage('png', { width: 31, height: 31 }))).json(),
    );
    const used = ImageUploadResponseSchema.parse(
      (await upload(await testImage('png', { width: 32, height: 32 }))).json(),
    );
    const usedId = imageIdFromUrl(used.data.url) ?? '';
    const unusedId = imageIdFromUrl(unused.data.url) ?? '';
    const session = await loginAs(t.app, 'user');
    await t.database.db
      .update(users)
      .set({ photoImageId: usedId })
      .where(eq(users.id, session.user._id));
    // Age everything past the grace period.
    await t.database.db.update(images).set({ createdAt: sql`now() - interval '2 hours'` });

    await deleteUnusedUploads(t.database.db);

    const left = new Set(
      (await t.database.db.select({ id: images.id }).from(images)).map((i) => i.id),
    );
    expect(left.has(unusedId)).toBe(false);
    expect(left.has(usedId)).toBe(true);
    const artwork = await t.database.db
      .select({ id: apartmentPhotos.imageId })
      .from(apartmentPhotos);
    expect(artwork.length).toBe(24);
    expect(artwork.every((a) => left.has(a.id))).toBe(true);
  });

  it('keeps a fresh unclaimed upload: the registration may still be in progress', async () => {
    const fresh = ImageUploadResponseSchema.parse(
      (await upload(await testImage('png', { width: 33, height: 33 }))).json(),
    );
    await deleteUnusedUploads(t.database.db);
    const served = await t.app.inject({ method: 'GET', url: fresh.data.url });
    expect(served.statusCode).toBe(200);
  });
});
