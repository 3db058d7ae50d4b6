import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A small photo-like test image in the given format, optionally with EXIF metadata. */
export async function testImage(
  format: 'jpeg' | 'png' | 'webp',
  options: { width?: number; height?: number; exif?: boolean } = {},
): Promise<Buffer> {
  let image = sharp({
    create: {
      width: options.width ?? 800,
      height: options.height ?? 600,
      channels: 3,
      background: { r: 40, g: 120, b: 110 },
    },
  });
  if (options.exif) {
    image = image.withExif({ IFD0: { Copyright: 'EXIF-SECRET-MARKER', Artist: 'Someone' } });
  }
  return image.toFormat(format).toBuffer();
}

/**
 * A valid PNG whose header claims `width` × `height`: a decompression bomb's signature, without
 * the memory to build a real one.
 */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await testImage('png', { width: 1, height: 1 }));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipart(
  field: string,
  bytes: Buffer,
  filename = 'photo.jpg',
  contentType = 'image/jpeg',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----structomate-test-${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
