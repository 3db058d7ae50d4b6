import { mix, shade, tint } from './color';
import { C, SPINES } from './palette';
import type { Rng } from './prng';
import type { Box, BoxPaint, Scene } from './scene';
import { circle, ellipse, group, line, num, path, rect } from './svg';

type Part = readonly [Box, BoxPaint];

export type PlantKind = 'monstera' | 'snake' | 'fiddle' | 'olive' | 'fern' | 'trailing';

/** A pointed leaf of given length and width, with its base at the origin pointing up. */
function leafPath(len: number, wid: number): string {
  return `M0 0Q${num(wid)} ${num(-len * 0.45)} 0 ${num(-len)}Q${num(-wid)} ${num(-len * 0.45)} 0 0Z`;
}

function leaf(
  x: number,
  y: number,
  len: number,
  wid: number,
  angle: number,
  fill: string,
  vein?: string,
): string {
  const shapes = [path(leafPath(len, wid), fill)];
  if (vein) shapes.push(line([0, -len * 0.1], [0, -len * 0.85], vein, Math.max(0.6, wid * 0.08)));
  return group(shapes, { transform: `translate(${num(x)} ${num(y)}) rotate(${num(angle)})` });
}

function greens(s: Scene, rng: Rng): string {
  return s.tone(rng.pick([C.leaf, C.leafDark, C.leafLight, mix(C.leaf, C.leafDark, 0.5), C.olive]));
}

function foliage(
  s: Scene,
  kind: PlantKind,
  bx: number,
  by: number,
  k: number,
  size: number,
  rng: Rng,
): string {
  const out: string[] = [];
  if (kind === 'snake') {
    const n = 7;
    for (let i = 0; i < n; i++) {
      const t = i / (n - 1) - 0.5;
      const len = k * size * rng.range(0.6, 1);
      const fill = s.tone(i % 2 ? C.leafDark : C.olive);
      out.push(
        leaf(
          bx + t * k * 0.16,
          by,
          len,
          k * 0.045,
          t * 26 + rng.range(-4, 4),
          fill,
          s.tone(C.sage),
        ),
      );
    }
  } else if (kind === 'monstera' || kind === 'fern') {
    const n = kind === 'fern' ? 14 : 9;
    for (let i = 0; i < n; i++) {
      const angle = rng.range(-75, 75);
      const len = k * size * rng.range(0.55, 1);
      const stemRad = (angle * Math.PI) / 180;
      const sx = bx + Math.sin(stemRad) * len * 0.45;
      const sy = by - Math.cos(stemRad) * len * 0.45;
      if (kind === 'monstera') {
        out.push(line([bx, by], [sx, sy], s.tone(C.leafDark), k * 0.012));
        out.push(
          leaf(
            sx,
            sy,
            len * 0.62,
            len * 0.36,
            angle + rng.range(-20, 20),
            greens(s, rng),
            s.tone(tint(C.leaf, 0.3)),
          ),
        );
      } else {
        out.push(leaf(bx, by, len, len * 0.12, angle * 1.1, greens(s, rng)));
      }
    }
  } else if (kind === 'fiddle' || kind === 'olive') {
    const height = k * size;
    const trunk = s.tone(C.walnut);
    out.push(line([bx, by], [bx + k * 0.02, by - height * 0.75], trunk, k * 0.025));
    if (kind === 'olive') {
      // leaves gathered in a few clumps read as a tree crown, scattered ones read as noise
      const clumps: Array<[number, number, number]> = [
        [0, 0.86, 0.22],
        [-0.16, 0.66, 0.18],
        [0.17, 0.7, 0.18],
        [0.02, 0.52, 0.14],
      ];
      for (const [dx, t, r] of clumps) {
        const ccx = bx + dx * k * size;
        const ccy = by - height * t;
        out.push(line([bx + k * 0.02, by - height * 0.45], [ccx, ccy], trunk, k * 0.012));
        for (let i = 0; i < 22; i++) {
          const a = rng.range(0, Math.PI * 2);
          const rr = Math.sqrt(rng.next()) * r * k * size * 0.7;
          out.push(
            leaf(
              ccx + Math.cos(a) * rr,
              ccy + Math.sin(a) * rr * 0.8,
              k * 0.12,
              k * 0.03,
              rng.range(-90, 90),
              greens(s, rng),
            ),
          );
        }
      }
    } else {
      for (let i = 0; i < 16; i++) {
        const t = rng.range(0.35, 1);
        const cx = bx + rng.range(-0.28, 0.28) * k * size * 0.6 * (1.1 - t * 0.3);
        const cy = by - height * t;
        out.push(leaf(cx, cy, k * 0.22, k * 0.09, rng.range(-80, 80), greens(s, rng)));
      }
    }
  } else {
    // trailing: leaves spill over the pot rim and hang down
    for (let strand = 0; strand < 4; strand++) {
      const dir = strand % 2 ? 1 : -1;
      const len = k * size * rng.range(0.5, 1);
      for (let i = 0; i < 7; i++) {
        const t = i / 6;
        const lx = bx + dir * (k * 0.06 + Math.sin(t * 2) * k * 0.05 * (strand + 1));
        const ly = by + t * len - k * 0.04;
        out.push(
          leaf(lx, ly, k * 0.07, k * 0.04, dir * (100 + rng.range(-30, 30)), greens(s, rng)),
        );
      }
    }
    for (let i = 0; i < 6; i++) {
      out.push(
        leaf(
          bx + rng.range(-1, 1) * k * 0.08,
          by,
          k * 0.08,
          k * 0.045,
          rng.range(-70, 70),
          greens(s, rng),
        ),
      );
    }
  }
  return out.join('');
}

export interface PlantSpec {
  x: number;
  z: number;
  kind: PlantKind;
  /** Foliage height in metres. */
  size?: number;
  pot?: string;
  /** Height of the surface the pot stands on. */
  y?: number;
  potSize?: number;
}

export function plantMarkup(s: Scene, o: PlantSpec): string {
  const rng = s.rng.fork(`plant${num(o.x)}:${num(o.z)}`);
  const y = o.y ?? 0;
  const ps = o.potSize ?? (y > 0 ? 0.09 : 0.17);
  const potH = ps * (y > 0 ? 1.4 : 2);
  const k = s.k(o.z);
  const pot = o.pot ?? C.terracotta;
  const [bx, by] = s.p(o.x, y + potH, o.z);
  const size = o.size ?? (y > 0 ? 0.35 : 1.0);
  const potMarkup = s.frustum(o.x, o.z, y, y + potH, ps * 0.78, ps, pot, shade(C.walnut, 0.3));
  const leaves = foliage(s, o.kind, bx, by - k * 0.01, k, size, rng);
  return o.kind === 'trailing' ? potMarkup + leaves : leaves + potMarkup;
}

export function drawPlant(s: Scene, o: PlantSpec): void {
  const ps = o.potSize ?? 0.17;
  if ((o.y ?? 0) === 0) s.shadow(o.x - ps, o.x + ps, o.z - ps, o.z + ps, 0.14, 0.04);
  s.add(o.z + ps, plantMarkup(s, o));
}

export type ArtKind = 'sun' | 'arches' | 'blocks' | 'circles' | 'waves' | 'hills';

export interface ArtSpec {
  x: number;
  y: number;
  w: number;
  h: number;
  kind: ArtKind;
  frame?: string;
  colors?: readonly string[];
  background?: string;
}

/** Abstract framed print on the back wall, centred on (x, y). */
export function drawArt(s: Scene, o: ArtSpec): void {
  const z = 0.02;
  const [x0, y0] = s.p(o.x - o.w / 2, o.y + o.h / 2, z);
  const [x1, y1] = s.p(o.x + o.w / 2, o.y - o.h / 2, z);
  const w = x1 - x0;
  const h = y1 - y0;
  const frameW = 0.025 * s.k(z);
  const mat = 0.06 * s.k(z);
  const cols = (o.colors ?? [C.teal, C.terracotta, C.sand, C.honey]).map((c) => s.tone(c));
  const col = (i: number): string => cols[i % cols.length] ?? s.tone(C.teal);
  const ix = x0 + frameW + mat;
  const iy = y0 + frameW + mat;
  const iw = w - 2 * (frameW + mat);
  const ih = h - 2 * (frameW + mat);
  const inner: string[] = [rect(ix, iy, iw, ih, s.tone(o.background ?? C.linen))];
  if (o.kind === 'sun') {
    inner.push(circle(ix + iw * 0.5, iy + ih * 0.55, Math.min(iw, ih) * 0.26, col(1)));
    inner.push(rect(ix, iy + ih * 0.62, iw, ih * 0.38, col(0)));
    inner.push(rect(ix, iy + ih * 0.8, iw, ih * 0.2, col(2)));
  } else if (o.kind === 'arches') {
    const n = 3;
    for (let i = 0; i < n; i++) {
      const aw = iw / (n + 0.5);
      const ax = ix + aw * 0.25 + i * aw * 1.08;
      const ah = ih * (0.5 + i * 0.12);
      inner.push(
        path(
          `M${num(ax)} ${num(iy + ih)}V${num(iy + ih - ah + aw / 2)}a${num(aw / 2)} ${num(aw / 2)} 0 0 1 ${num(aw)} 0V${num(iy + ih)}Z`,
          col(i),
        ),
      );
    }
  } else if (o.kind === 'blocks') {
    inner.push(rect(ix + iw * 0.12, iy + ih * 0.14, iw * 0.46, ih * 0.5, col(0)));
    inner.push(
      rect(ix + iw * 0.42, iy + ih * 0.42, iw * 0.44, ih * 0.44, col(1), { opacity: 0.9 }),
    );
    inner.push(rect(ix + iw * 0.2, iy + ih * 0.7, iw * 0.18, ih * 0.16, col(2)));
  } else if (o.kind === 'circles') {
    const r = Math.min(iw, ih) * 0.24;
    inner.push(circle(ix + iw * 0.4, iy + ih * 0.42, r, col(0)));
    inner.push(circle(ix + iw * 0.6, iy + ih * 0.58, r, col(1), { opacity: 0.85 }));
    inner.push(circle(ix + iw * 0.32, iy + ih * 0.72, r * 0.35, col(2)));
  } else if (o.kind === 'waves') {
    for (let i = 0; i < 4; i++) {
      const wy = iy + ih * (0.3 + i * 0.16);
      inner.push(
        path(
          `M${num(ix)} ${num(wy)}q${num(iw / 4)} ${num(-ih * 0.08)} ${num(iw / 2)} 0t${num(iw / 2)} 0V${num(iy + ih)}H${num(ix)}Z`,
          col(i),
        ),
      );
    }
  } else {
    inner.push(circle(ix + iw * 0.7, iy + ih * 0.3, Math.min(iw, ih) * 0.12, col(1)));
    inner.push(
      path(
        `M${num(ix)} ${num(iy + ih * 0.7)}Q${num(ix + iw * 0.35)} ${num(iy + ih * 0.35)} ${num(ix + iw)} ${num(iy + ih * 0.65)}V${num(iy + ih)}H${num(ix)}Z`,
        col(0),
      ),
    );
    inner.push(
      path(
        `M${num(ix)} ${num(iy + ih * 0.85)}Q${num(ix + iw * 0.6)} ${num(iy + ih * 0.6)} ${num(ix + iw)} ${num(iy + ih * 0.82)}V${num(iy + ih)}H${num(ix)}Z`,
        col(2),
      ),
    );
  }
  const frame = s.tone(o.frame ?? C.walnut);
  s.wallShadow(o.x - o.w / 2 + 0.02, o.x + o.w / 2 + 0.02, o.y + o.h / 2 - 0.04, 0.0);
  const shadowBlur = s.defs.blur(Math.round(5 * s.u));
  s.wallLayer.push(
    rect(x0 + 4 * s.u, y0 + 6 * s.u, w, h, '#2a2118', { opacity: 0.16, filter: shadowBlur }) +
      rect(x0, y0, w, h, frame) +
      rect(x0 + frameW, y0 + frameW, w - 2 * frameW, h - 2 * frameW, s.tone(C.white)) +
      group(inner, {
        'clip-path': s.defs.clip(`M${num(ix)} ${num(iy)}h${num(iw)}v${num(ih)}h${num(-iw)}Z`),
      }),
  );
}

/** Books standing on a board between x0 and x1, with occasional gaps, leaners and a small stack. */
function books(
  x0: number,
  x1: number,
  y: number,
  z0: number,
  z1: number,
  rng: Rng,
  maxH: number,
): Part[] {
  const parts: Part[] = [];
  let x = x0 + rng.range(0, 0.06);
  while (x < x1 - 0.05) {
    if (rng.chance(0.12)) {
      const stackW = 0.22;
      if (x + stackW > x1) break;
      let yy = y;
      for (let i = 0; i < rng.int(2, 4); i++) {
        const th = rng.range(0.03, 0.045);
        parts.push([
          {
            x0: x + rng.range(0, 0.02),
            x1: x + stackW - rng.range(0, 0.02),
            y0: yy,
            y1: yy + th,
            z0,
            z1: z1 - rng.range(0, 0.03),
          },
          { color: rng.pick(SPINES) },
        ]);
        yy += th;
      }
      x += stackW + 0.03;
      continue;
    }
    const bw = rng.range(0.025, 0.05);
    const bh = Math.min(maxH, rng.range(0.17, 0.27));
    parts.push([
      { x0: x, x1: x + bw, y0: y, y1: y + bh, z0, z1: z1 - rng.range(0, 0.03) },
      { color: rng.pick(SPINES) },
    ]);
    x += bw + (rng.chance(0.15) ? rng.range(0.04, 0.12) : 0.003);
  }
  return parts;
}

export type ShelfItem = 'books' | 'vase' | 'plant' | 'bowl';

export interface ShelfSpec {
  x0: number;
  x1: number;
  ys: number[];
  color: string;
  depth?: number;
  items?: ShelfItem[];
}

/** Floating wall shelves with books and objects. */
export function drawWallShelves(s: Scene, o: ShelfSpec): void {
  const depth = o.depth ?? 0.24;
  const rng = s.rng.fork(`shelf${num(o.x0)}`);
  const items = o.items ?? ['books', 'vase', 'plant', 'bowl'];
  o.ys.forEach((y, row) => {
    const parts: Part[] = [
      [{ x0: o.x0, x1: o.x1, y0: y - 0.035, y1: y, z0: 0, z1: depth }, { color: o.color }],
    ];
    const extras: string[] = [];
    const item = items[row % items.length] ?? 'books';
    const bookEnd = item === 'books' ? o.x1 - 0.05 : o.x0 + (o.x1 - o.x0) * 0.55;
    parts.push(...books(o.x0 + 0.04, bookEnd, y, 0.02, depth - 0.02, rng, 0.3));
    const ox = o.x0 + (o.x1 - o.x0) * 0.78;
    if (item === 'vase')
      extras.push(
        s.frustum(
          ox,
          depth / 2,
          y,
          y + 0.22,
          0.05,
          0.07,
          rng.pick([C.terracotta, C.sand, C.teal]),
          C.charcoal,
        ),
      );
    if (item === 'plant')
      extras.push(
        plantMarkup(s, { x: ox, z: depth / 2, y, kind: 'trailing', pot: C.white, size: 0.35 }),
      );
    if (item === 'bowl')
      extras.push(s.frustum(ox, depth / 2, y, y + 0.08, 0.06, 0.11, C.oat, shade(C.oat, 0.2)));
    s.wallShadow(o.x0, o.x1, y, 0);
    s.add(depth + row * 0.001, s.boxes(parts) + extras.join(''));
  });
  const [ax] = s.p(o.x0, 0, 0);
  const [bx] = s.p(o.x1, 0, 0);
  for (const y of o.ys) {
    const sy = s.p(0, y - 0.035, 0)[1];
    s.wallLayer.push(
      rect(ax, sy, bx - ax, 0.03 * s.k(0), '#2a2118', {
        opacity: 0.1,
        filter: s.defs.blur(Math.round(4 * s.u)),
      }),
    );
  }
}

export interface BookcaseSpec {
  x0: number;
  x1: number;
  h: number;
  z?: number;
  depth?: number;
  color: string;
  rows: number;
  cols: number;
  back?: string;
}

/** A freestanding bookcase: a box with a darker recessed back and books in each cell. */
export function drawBookcase(s: Scene, o: BookcaseSpec): void {
  const z0 = o.z ?? 0.02;
  const depth = o.depth ?? 0.34;
  const z1 = z0 + depth;
  const t = 0.03;
  const rng = s.rng.fork(`case${num(o.x0)}`);
  const back = o.back ?? shade(o.color, 0.18);
  const parts: Part[] = [
    [{ x0: o.x0, x1: o.x1, y0: 0, y1: o.h, z0, z1: z0 + 0.02 }, { color: back }],
    [{ x0: o.x0, x1: o.x0 + t, y0: 0, y1: o.h, z0, z1 }, { color: o.color }],
    [{ x0: o.x1 - t, x1: o.x1, y0: 0, y1: o.h, z0, z1 }, { color: o.color }],
    [{ x0: o.x0, x1: o.x1, y0: o.h - t, y1: o.h, z0, z1 }, { color: o.color }],
    [{ x0: o.x0, x1: o.x1, y0: 0, y1: 0.08, z0, z1 }, { color: o.color }],
  ];
  const rowH = (o.h - 0.08 - t) / o.rows;
  const colW = (o.x1 - o.x0 - t) / o.cols;
  for (let r = 1; r < o.rows; r++) {
    const y = 0.08 + r * rowH;
    parts.push([
      { x0: o.x0 + t, x1: o.x1 - t, y0: y - t / 2, y1: y + t / 2, z0: z0 + 0.02, z1 },
      { color: o.color },
    ]);
  }
  for (let c = 1; c < o.cols; c++) {
    const x = o.x0 + t / 2 + c * colW;
    parts.push([
      { x0: x - t / 2, x1: x + t / 2, y0: 0.08, y1: o.h - t, z0: z0 + 0.02, z1 },
      { color: o.color },
    ]);
  }
  const objects: string[] = [];
  for (let r = 0; r < o.rows; r++) {
    for (let c = 0; c < o.cols; c++) {
      const cx0 = o.x0 + t + c * colW + 0.02;
      const cx1 = cx0 + colW - t - 0.04;
      const y = 0.08 + r * rowH + t / 2;
      const roll = rng.next();
      if (roll < 0.62) {
        parts.push(...books(cx0, cx1, y, z0 + 0.04, z1 - 0.03, rng, rowH - 0.06));
      } else if (roll < 0.78) {
        parts.push(
          ...books(cx0, cx0 + (cx1 - cx0) * 0.5, y, z0 + 0.04, z1 - 0.03, rng, rowH - 0.06),
        );
        objects.push(
          s.frustum(
            cx0 + (cx1 - cx0) * 0.75,
            (z0 + z1) / 2,
            y,
            y + Math.min(0.2, rowH * 0.6),
            0.05,
            0.06,
            rng.pick([C.terracotta, C.white, C.teal]),
            C.charcoal,
          ),
        );
      } else if (roll < 0.9) {
        objects.push(
          plantMarkup(s, {
            x: (cx0 + cx1) / 2,
            z: (z0 + z1) / 2,
            y,
            kind: 'trailing',
            pot: C.white,
            size: 0.3,
            potSize: 0.08,
          }),
        );
      } else {
        objects.push(
          s.frustum(
            (cx0 + cx1) / 2,
            (z0 + z1) / 2,
            y,
            y + 0.07,
            0.06,
            0.12,
            C.oat,
            shade(C.oat, 0.2),
          ),
        );
      }
    }
  }
  s.shadow(o.x0, o.x1, z0, z1, 0.16, 0.05);
  s.wallShadow(o.x0, o.x1, o.h, 0.12);
  s.add(z1, s.boxes(parts) + objects.join(''));
}

export function drawVase(
  s: Scene,
  x: number,
  y: number,
  z: number,
  color: string,
  stems: boolean,
): string {
  const out = [s.frustum(x, z, y, y + 0.24, 0.05, 0.07, color, shade(color, 0.3))];
  if (stems) {
    const [bx, by] = s.p(x, y + 0.22, z);
    const k = s.k(z);
    for (const angle of [-25, -8, 10, 28]) {
      const rad = (angle * Math.PI) / 180;
      const tx = bx + Math.sin(rad) * k * 0.4;
      const ty = by - Math.cos(rad) * k * 0.4;
      out.push(line([bx, by], [tx, ty], s.tone(C.olive), 1.6 * s.u));
      out.push(ellipse(tx, ty, k * 0.03, k * 0.05, s.tone(C.sage)));
    }
  }
  return out.join('');
}
