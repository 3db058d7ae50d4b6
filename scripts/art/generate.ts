/**
 * Generates every picture the product shows (carousel, building, apartment photos) from code,
 * so the app ships only its own imagery. Run: node --import tsx scripts/art/generate.ts
 */
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { BUILDING_ALT, buildingSvg } from './building';
import { APARTMENTS, CAROUSEL } from './catalogue';
import { interiorSvg } from './render';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const webArt = path.join(root, 'apps', 'web', 'src', 'assets', 'art');
const carouselDir = path.join(webArt, 'carousel');
const apartmentDir = path.join(root, 'apps', 'server', 'assets', 'apartments');

// Budgets use decimal kilobytes, the stricter reading of "90 KB".
const KB = 1000;

interface Written {
  file: string;
  bytes: number;
  budget: number;
  sha: string;
}

/** Flat illustrations compress well; 'drawing' keeps edges crisp at these quality levels. */
async function encode(
  png: Buffer,
  width: number,
  height: number,
  quality: number,
): Promise<Buffer> {
  return sharp(png)
    .resize(width, height, { kernel: 'lanczos3' })
    .webp({ quality, effort: 6, smartSubsample: true, preset: 'drawing' })
    .toBuffer();
}

/**
 * Encodes at the highest quality that fits the budget, so each file is as good as its byte
 * allowance permits. The search is deterministic, so reruns pick the same quality.
 */
async function encodeWithin(
  png: Buffer,
  width: number,
  height: number,
  budget: number,
): Promise<Buffer> {
  let best: Buffer | undefined;
  for (const quality of [82, 80, 78, 76, 74, 72, 70]) {
    best = await encode(png, width, height, quality);
    if (best.length <= budget) return best;
  }
  if (!best) throw new Error('no encoding attempted');
  return best;
}

async function rasterise(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).removeAlpha().png({ compressionLevel: 1 }).toBuffer();
}

async function save(file: string, data: Buffer, budget: number): Promise<Written> {
  await writeFile(file, data);
  return {
    file: path.relative(root, file),
    bytes: data.length,
    budget,
    sha: createHash('sha256').update(data).digest('hex').slice(0, 12),
  };
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Runs jobs a few at a time but returns results in input order, so the report (and nothing
 * else) depends on scheduling. Rendering is CPU-bound, so more workers than cores buys nothing.
 */
async function inOrder<T, R>(
  items: readonly T[],
  workers: number,
  job: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      const item = items[index];
      if (item !== undefined) results[index] = await job(item);
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return results;
}

const WORKERS = Math.max(1, Math.min(4, availableParallelism()));

async function carousel(): Promise<Written[]> {
  const widths = [
    { w: 640, h: 360, budget: 25 * KB },
    { w: 1024, h: 576, budget: 50 * KB },
    { w: 1600, h: 900, budget: 90 * KB },
  ];
  const rows = await inOrder(CAROUSEL, WORKERS, async (def) => {
    const png = await rasterise(interiorSvg(def, 1600, 900, 1600, 900));
    const written: Written[] = [];
    for (const size of widths) {
      const data = await encodeWithin(png, size.w, size.h, size.budget);
      written.push(
        await save(path.join(carouselDir, `${def.id}-${size.w}.webp`), data, size.budget),
      );
    }
    return written;
  });
  await writeJson(
    path.join(carouselDir, 'slides.json'),
    CAROUSEL.map((def) => ({ id: def.id, alt: def.alt })),
  );
  return rows.flat();
}

async function building(): Promise<Written[]> {
  const png = await rasterise(buildingSvg(1200, 900));
  const sizes = [
    { w: 640, h: 480, budget: 30 * KB },
    { w: 1200, h: 900, budget: 90 * KB },
  ];
  const rows = await inOrder(sizes, WORKERS, async (size) => {
    const data = await encodeWithin(png, size.w, size.h, size.budget);
    return save(path.join(webArt, `building-${size.w}.webp`), data, size.budget);
  });
  await writeJson(path.join(webArt, 'building.json'), { alt: BUILDING_ALT });
  return rows;
}

async function apartments(): Promise<Written[]> {
  const budget = 45 * KB;
  const rows = await inOrder(APARTMENTS, WORKERS, async (def) => {
    // drawn at twice the output size, then downsampled, for smoother thin lines
    const png = await rasterise(interiorSvg(def, 1536, 1024, 1536, 1024));
    const data = await encodeWithin(png, 768, 512, budget);
    return save(path.join(apartmentDir, `${def.id}.webp`), data, budget);
  });
  await writeJson(
    path.join(apartmentDir, 'manifest.json'),
    APARTMENTS.map((def) => ({ file: `${def.id}.webp`, alt: def.alt, width: 768, height: 512 })),
  );
  return rows;
}

function report(rows: Written[]): boolean {
  const width = Math.max(...rows.map((r) => r.file.length));
  let ok = true;
  console.log(`${'file'.padEnd(width)}  ${'bytes'.padStart(7)}  ${'budget'.padStart(7)}  sha256`);
  for (const row of rows) {
    const over = row.bytes > row.budget;
    if (over) ok = false;
    console.log(
      `${row.file.padEnd(width)}  ${String(row.bytes).padStart(7)}  ${String(row.budget).padStart(7)}  ${row.sha}${over ? '  OVER BUDGET' : ''}`,
    );
  }
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`${rows.length} files, ${total} bytes`);
  return ok;
}

async function main(): Promise<void> {
  await Promise.all([
    mkdir(carouselDir, { recursive: true }),
    mkdir(apartmentDir, { recursive: true }),
  ]);
  const rows = [...(await carousel()), ...(await building()), ...(await apartments())];
  if (!report(rows)) {
    console.error('Some images exceed their size budget.');
    process.exitCode = 1;
  }
}

await main();
