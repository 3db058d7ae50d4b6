import { shade, tint } from './color';
import { C } from './palette';
import type { Box, BoxPaint, Scene } from './scene';
import { ellipse, group, line, num, path } from './svg';

type Part = readonly [Box, BoxPaint];

function legs(
  x0: number,
  x1: number,
  z0: number,
  z1: number,
  h: number,
  size: number,
  color: string,
): Part[] {
  const inset = size * 1.5;
  const spots: Array<[number, number]> = [
    [x0 + inset, z0 + inset],
    [x1 - inset - size, z0 + inset],
    [x0 + inset, z1 - inset - size],
    [x1 - inset - size, z1 - inset - size],
  ];
  return spots.map(([lx, lz]) => [
    { x0: lx, x1: lx + size, y0: 0, y1: h, z0: lz, z1: lz + size },
    { color },
  ]);
}

/** A pillow leaning against a backrest: rounded, slightly tilted, in screen space. */
function pillow(
  s: Scene,
  x: number,
  y: number,
  z: number,
  size: number,
  color: string,
  tilt: number,
): string {
  const k = s.k(z);
  const [px, py] = s.p(x, y, z);
  const w = size * k;
  const h = size * k * 0.92;
  const c = s.tone(color);
  return group(
    [
      `<rect x="${num(-w / 2)}" y="${num(-h)}" width="${num(w)}" height="${num(h)}" rx="${num(w * 0.22)}" fill="${c}"/>`,
      `<rect x="${num(-w / 2)}" y="${num(-h * 0.35)}" width="${num(w)}" height="${num(h * 0.35)}" rx="${num(w * 0.18)}" fill="${shade(c, 0.08)}"/>`,
    ],
    { transform: `translate(${num(px)} ${num(py)}) rotate(${num(tilt)})` },
  );
}

export type Facing = 'front' | 'back' | 'left' | 'right';

/**
 * Maps a local footprint (u across the seat, v from the backrest to the front edge) into
 * room coordinates, so one description of a seat can face any of four directions.
 * (x, z) is the footprint's corner nearest the back-left of the room.
 */
function orient(x: number, z: number, w: number, d: number, facing: Facing) {
  return (
    u0: number,
    u1: number,
    v0: number,
    v1: number,
  ): { x0: number; x1: number; z0: number; z1: number } => {
    if (facing === 'front') return { x0: x + u0, x1: x + u1, z0: z + v0, z1: z + v1 };
    if (facing === 'back')
      return { x0: x + w - u1, x1: x + w - u0, z0: z + d - v1, z1: z + d - v0 };
    if (facing === 'right') return { x0: x + v0, x1: x + v1, z0: z + w - u1, z1: z + w - u0 };
    return { x0: x + d - v1, x1: x + d - v0, z0: z + u0, z1: z + u1 };
  };
}

export interface SofaSpec {
  x: number;
  w: number;
  z?: number;
  d?: number;
  color: string;
  pillows?: string[];
  legColor?: string;
  facing?: Facing;
  legH?: number;
}

export function drawSofa(s: Scene, o: SofaSpec): void {
  const z = o.z ?? 0.08;
  const d = o.d ?? 0.92;
  const w = o.w;
  const facing = o.facing ?? 'front';
  const map = orient(o.x, z, w, d, facing);
  const soft = facing === 'front' ? 1 : 0;
  const arm = 0.2;
  const c = o.color;
  const cushion = tint(c, 0.06);
  const legH = o.legH ?? 0.1;
  const leg = 0.05;
  const parts: Part[] = [];
  for (const [u, v] of [
    [0.04, 0.04],
    [w - 0.09, 0.04],
    [0.04, d - 0.09],
    [w - 0.09, d - 0.09],
  ] as const) {
    parts.push([
      { ...map(u, u + leg, v, v + leg), y0: 0, y1: legH },
      { color: o.legColor ?? C.walnut },
    ]);
  }
  parts.push([
    { ...map(0, w, 0, 0.22), y0: legH, y1: legH + 0.74 },
    { color: shade(c, 0.04), round: 0.04 * soft },
  ]);
  parts.push([{ ...map(arm, w - arm, 0.22, d), y0: legH, y1: legH + 0.32 }, { color: c }]);
  const inner = w - arm * 2;
  const seats = inner > 1.5 ? 3 : inner > 0.8 ? 2 : 1;
  const sw = inner / seats;
  for (let i = 0; i < seats; i++) {
    const a = arm + i * sw + 0.01;
    const b = a + sw - 0.02;
    parts.push([
      { ...map(a, b, 0.36, d - 0.01), y0: legH + 0.32, y1: legH + 0.43 },
      { color: cushion, round: 0.03 * soft },
    ]);
    parts.push([
      { ...map(a, b, 0.22, 0.36), y0: legH + 0.32, y1: legH + 0.7 },
      { color: tint(c, 0.03), round: 0.05 * soft },
    ]);
  }
  const markup = [s.boxes(parts)];
  if (facing === 'front') {
    (o.pillows ?? []).forEach((color, i) => {
      const left = i % 2 === 0;
      const slot = Math.floor(i / 2);
      const px = left ? o.x + arm + 0.24 + slot * 0.32 : o.x + w - arm - 0.24 - slot * 0.32;
      markup.push(
        pillow(
          s,
          px,
          legH + 0.4,
          z + 0.42 + slot * 0.02,
          0.4 - slot * 0.05,
          color,
          left ? -6 + slot * 4 : 7 - slot * 4,
        ),
      );
    });
  }
  const armParts: Part[] = [
    [
      { ...map(0, arm, 0.22, d), y0: legH, y1: legH + 0.52 },
      { color: c, round: 0.05 * soft },
    ],
    [
      { ...map(w - arm, w, 0.22, d), y0: legH, y1: legH + 0.52 },
      { color: c, round: 0.05 * soft },
    ],
  ];
  // the arms are drawn last so pillows tuck behind them
  markup.push(s.boxes(armParts));
  const fp = map(0, w, 0, d);
  s.shadow(fp.x0, fp.x1, fp.z0, fp.z1, 0.2, 0.07);
  if (facing === 'front' && z < 0.2) s.wallShadow(fp.x0, fp.x1, legH + 0.74, 0.13);
  s.add(fp.z1, markup.join(''));
}

export interface ChairSpec {
  x: number;
  z: number;
  w?: number;
  d?: number;
  color: string;
  legColor?: string;
  facing?: Facing;
  pillow?: string;
}

/** Lounge armchair on slim wooden legs; `facing` turns it towards the middle of the room. */
export function drawArmchair(s: Scene, o: ChairSpec): void {
  const w = o.w ?? 0.82;
  const d = o.d ?? 0.8;
  const facing = o.facing ?? 'front';
  const map = orient(o.x, o.z, w, d, facing);
  const soft = facing === 'front' ? 1 : 0;
  const legH = 0.16;
  const c = o.color;
  const arm = 0.1;
  const parts: Part[] = [];
  const leg = 0.04;
  for (const [u, v] of [
    [0.05, 0.05],
    [w - 0.09, 0.05],
    [0.05, d - 0.09],
    [w - 0.09, d - 0.09],
  ] as const) {
    parts.push([
      { ...map(u, u + leg, v, v + leg), y0: 0, y1: legH },
      { color: o.legColor ?? C.walnut },
    ]);
  }
  parts.push([
    { ...map(0, w, 0, 0.15), y0: legH, y1: 0.84 },
    { color: shade(c, 0.03), round: 0.06 * soft },
  ]);
  parts.push([{ ...map(arm, w - arm, 0.15, d), y0: legH, y1: 0.38 }, { color: c }]);
  parts.push([
    { ...map(arm, w - arm, 0.15, d - 0.01), y0: 0.38, y1: 0.48 },
    { color: tint(c, 0.07), round: 0.03 * soft },
  ]);
  // arms stop short of the seat front and stay low, so the seat reads from the side as well
  const armParts: Part[] = [
    [
      { ...map(0, arm, 0.15, d - 0.04), y0: legH, y1: 0.56 },
      { color: c, round: 0.04 * soft },
    ],
    [
      { ...map(w - arm, w, 0.15, d - 0.04), y0: legH, y1: 0.56 },
      { color: c, round: 0.04 * soft },
    ],
  ];
  const markup = [s.boxes(parts)];
  if (o.pillow && facing === 'front')
    markup.push(pillow(s, o.x + w / 2, 0.46, o.z + 0.24, 0.36, o.pillow, -4));
  markup.push(s.boxes(armParts));
  const fp = map(0, w, 0, d);
  s.shadow(fp.x0, fp.x1, fp.z0, fp.z1, 0.16, 0.06);
  s.add(fp.z1, markup.join(''));
}

export interface TableSpec {
  x: number;
  z: number;
  w: number;
  d: number;
  h?: number;
  color: string;
  legColor?: string;
  /** Solid plinth instead of legs. */
  solid?: boolean;
}

export function drawCoffeeTable(s: Scene, o: TableSpec): void {
  const h = o.h ?? 0.4;
  const x1 = o.x + o.w;
  const z1 = o.z + o.d;
  const parts: Part[] = [[{ x0: o.x, x1, y0: h - 0.04, y1: h, z0: o.z, z1 }, { color: o.color }]];
  if (o.solid) {
    parts.push([
      { x0: o.x + 0.04, x1: x1 - 0.04, y0: 0, y1: h - 0.04, z0: o.z + 0.04, z1: z1 - 0.04 },
      { color: shade(o.color, 0.1) },
    ]);
  } else {
    parts.push(...legs(o.x, x1, o.z, z1, h - 0.04, 0.035, o.legColor ?? shade(o.color, 0.15)));
    parts.push([
      { x0: o.x + 0.06, x1: x1 - 0.06, y0: 0.1, y1: 0.12, z0: o.z + 0.06, z1: z1 - 0.06 },
      { color: shade(o.color, 0.05) },
    ]);
  }
  s.shadow(o.x, x1, o.z, z1, 0.14, 0.05);
  s.add(z1, s.boxes(parts) + tableTopDecor(s, o.x + o.w * 0.3, h, o.z + o.d / 2));
}

/** A stack of books and a small vase, the usual coffee-table still life. */
function tableTopDecor(s: Scene, x: number, y: number, z: number): string {
  const books: Part[] = [
    [
      { x0: x - 0.16, x1: x + 0.1, y0: y, y1: y + 0.035, z0: z - 0.1, z1: z + 0.09 },
      { color: C.teal },
    ],
    [
      { x0: x - 0.14, x1: x + 0.08, y0: y + 0.035, y1: y + 0.065, z0: z - 0.09, z1: z + 0.07 },
      { color: C.sand },
    ],
  ];
  return (
    s.boxes(books) +
    s.frustum(x + 0.32, z, y, y + 0.16, 0.05, 0.035, C.terracotta, shade(C.terracotta, 0.3))
  );
}

export function drawRoundTable(
  s: Scene,
  x: number,
  z: number,
  r: number,
  h: number,
  color: string,
): void {
  const top = s.frustum(x, z, h - 0.04, h, r, r, color);
  const stem = s.frustum(x, z, 0, h - 0.04, r * 0.45, r * 0.12, shade(color, 0.12));
  s.shadow(x - r, x + r, z - r, z + r, 0.13, 0.04);
  s.add(z + r, stem + top);
}

export interface RugSpec {
  x: number;
  z: number;
  w: number;
  d: number;
  color: string;
  accent: string;
  pattern: 'border' | 'stripes' | 'plain' | 'round';
}

export function drawRug(s: Scene, o: RugSpec): void {
  const x1 = o.x + o.w;
  const z1 = o.z + o.d;
  const base = s.tone(o.color);
  const accent = s.tone(o.accent);
  const out: string[] = [];
  if (o.pattern === 'round') {
    const r = o.w / 2;
    const dd = s.disc(o.x + r, 0, o.z + r, r);
    out.push(ellipse(dd.cx, dd.cy, dd.rx, dd.ry, base));
    const inner = s.disc(o.x + r, 0, o.z + r, r * 0.78);
    out.push(
      ellipse(inner.cx, inner.cy, inner.rx, inner.ry, 'none', {
        stroke: accent,
        'stroke-width': 2.5 * s.u,
      }),
    );
    s.floorLayer.push(out.join(''));
    return;
  }
  out.push(
    s.floorPoly(
      [
        [o.x, o.z],
        [x1, o.z],
        [x1, z1],
        [o.x, z1],
      ],
      base,
    ),
  );
  if (o.pattern === 'border') {
    const b = 0.12;
    const t = 0.04;
    const frame = (i: number): string =>
      s.floorPoly(
        [
          [o.x + i, o.z + i],
          [x1 - i, o.z + i],
          [x1 - i, z1 - i],
          [o.x + i, z1 - i],
          [o.x + i, o.z + i],
          [o.x + i + t, o.z + i + t],
          [o.x + i + t, z1 - i - t],
          [x1 - i - t, z1 - i - t],
          [x1 - i - t, o.z + i + t],
          [o.x + i + t, o.z + i + t],
        ],
        accent,
      );
    out.push(frame(b));
  } else if (o.pattern === 'stripes') {
    const n = 5;
    for (let i = 0; i < n; i++) {
      const za = o.z + o.d * (0.14 + (i * 0.72) / n);
      out.push(
        s.floorPoly(
          [
            [o.x + 0.1, za],
            [x1 - 0.1, za],
            [x1 - 0.1, za + 0.05],
            [o.x + 0.1, za + 0.05],
          ],
          i % 2 ? accent : tint(accent, 0.35),
        ),
      );
    }
  }
  s.floorLayer.push(out.join(''));
}

export type LampKind = 'drum' | 'arc' | 'tripod';

export function drawFloorLamp(
  s: Scene,
  x: number,
  z: number,
  kind: LampKind,
  shadeColor: string,
): void {
  const metal = s.tone(C.charcoal);
  const out: string[] = [];
  if (kind === 'arc') {
    const base = s.frustum(x, z, 0, 0.05, 0.16, 0.15, C.charcoal);
    const reach = 1.15;
    const tipX = x + reach;
    const topY = 2.05;
    const [bx, by] = s.p(x, 0.05, z);
    const [hx, hy] = s.p(x + 0.15, topY, z);
    const [tx, ty] = s.p(tipX, 1.75, z + 0.2);
    out.push(base);
    out.push(
      path(
        `M${num(bx)} ${num(by)}C${num(bx)} ${num(hy)} ${num(hx)} ${num(hy - 40 * s.u)} ${num(tx)} ${num(ty)}`,
        'none',
        {
          stroke: metal,
          'stroke-width': 3.2 * s.u,
        },
      ),
    );
    out.push(domeShade(s, tipX, 1.6, z + 0.2, 0.24, shadeColor));
    s.glow(tipX, 1.55, z + 0.2, 0.9, 0.55);
    s.floorGlow(tipX, z + 0.4, 1.1);
    s.shadow(x - 0.16, x + 0.16, z - 0.16, z + 0.16, 0.14, 0.04);
    s.add(z + 0.2, out.join(''));
    return;
  }
  const shadeY0 = kind === 'tripod' ? 1.3 : 1.35;
  if (kind === 'tripod') {
    const [ax, ay] = s.p(x, shadeY0, z);
    for (const [dx, dz] of [
      [-0.22, 0.12],
      [0.22, 0.12],
      [0, -0.2],
    ] as const) {
      const [fx, fy] = s.p(x + dx, 0, z + dz);
      out.push(line([ax, ay], [fx, fy], s.tone(C.walnut), 4 * s.u));
    }
  } else {
    out.push(s.frustum(x, z, 0, 0.04, 0.15, 0.14, C.charcoal));
    out.push(line(s.p(x, 0.04, z), s.p(x, shadeY0, z), metal, 3.2 * s.u));
  }
  const lit = s.sky.lampsOn;
  out.push(
    s.frustum(
      x,
      z,
      shadeY0,
      shadeY0 + 0.36,
      0.23,
      0.18,
      lit ? tint(shadeColor, 0.35) : shadeColor,
      lit ? '#fff1cf' : undefined,
    ),
  );
  s.glow(x, shadeY0 + 0.2, z, 0.9, 0.6);
  s.floorGlow(x, z + 0.2, 1.0);
  s.shadow(x - 0.2, x + 0.2, z - 0.2, z + 0.2, 0.12, 0.04);
  s.add(z + 0.2, out.join(''));
}

/** Hemispherical metal shade, seen from slightly below. */
function domeShade(s: Scene, x: number, y: number, z: number, r: number, color: string): string {
  const rim = s.disc(x, y, z, r);
  const h = r * 0.8 * s.k(z);
  const c = s.tone(color);
  const lit = s.sky.lampsOn;
  return (
    path(
      `M${num(rim.cx - rim.rx)} ${num(rim.cy)}C${num(rim.cx - rim.rx)} ${num(rim.cy - h * 1.2)} ${num(rim.cx + rim.rx)} ${num(
        rim.cy - h * 1.2,
      )} ${num(rim.cx + rim.rx)} ${num(rim.cy)}Z`,
      c,
    ) +
    ellipse(rim.cx, rim.cy, rim.rx, Math.max(rim.ry, 2 * s.u), lit ? '#fff0c8' : shade(c, 0.3)) +
    ellipse(rim.cx, rim.cy - h * 0.45, rim.rx * 0.08, h * 0.08, '#ffffff', { opacity: 0.25 })
  );
}

export type PendantKind = 'dome' | 'globe' | 'cone';

export function drawPendant(
  s: Scene,
  x: number,
  z: number,
  y: number,
  kind: PendantKind,
  color: string,
): void {
  const top = s.p(x, s.roomH, z);
  const r = kind === 'globe' ? 0.16 : kind === 'cone' ? 0.17 : 0.22;
  const out: string[] = [];
  const [bx, by] = s.p(x, y + (kind === 'globe' ? r * 2 : r * 0.75), z);
  out.push(line(top, [bx, by], s.tone(C.charcoal), 1.6 * s.u));
  const lit = s.sky.lampsOn;
  if (kind === 'globe') {
    const [gx, gy] = s.p(x, y + r, z);
    const rr = r * s.k(z);
    const fill = s.defs.radial(
      [
        [0, lit ? '#fff6df' : '#ffffff'],
        [1, lit ? '#f7d9a3' : s.tone(tint(color, 0.5))],
      ],
      gx - rr * 0.3,
      gy - rr * 0.3,
      rr * 1.3,
    );
    out.push(ellipse(gx, gy, rr, rr, fill));
  } else if (kind === 'cone') {
    const rim = s.disc(x, y, z, r);
    const [tx, ty] = s.p(x, y + r * 1.1, z);
    const c = s.tone(color);
    out.push(
      path(
        `M${num(tx - 4 * s.u)} ${num(ty)}L${num(rim.cx - rim.rx)} ${num(rim.cy)}L${num(rim.cx + rim.rx)} ${num(rim.cy)}L${num(tx + 4 * s.u)} ${num(ty)}Z`,
        c,
      ),
    );
    out.push(
      ellipse(rim.cx, rim.cy, rim.rx, Math.max(rim.ry, 2 * s.u), lit ? '#fff0c8' : shade(c, 0.3)),
    );
  } else {
    out.push(domeShade(s, x, y, z, r, color));
  }
  s.glow(x, y, z, 0.8, 0.55);
  s.add(z + 0.01, out.join(''));
}

export function drawSideTable(
  s: Scene,
  x: number,
  z: number,
  color: string,
  withLamp: string | undefined,
): void {
  const h = 0.55;
  const parts: Part[] = [
    [{ x0: x - 0.22, x1: x + 0.22, y0: h - 0.03, y1: h, z0: z - 0.2, z1: z + 0.2 }, { color }],
    [{ x0: x - 0.2, x1: x + 0.2, y0: 0, y1: 0.03, z0: z - 0.18, z1: z + 0.18 }, { color }],
    [
      { x0: x - 0.015, x1: x + 0.015, y0: 0.03, y1: h - 0.03, z0: z - 0.015, z1: z + 0.015 },
      { color: shade(color, 0.1) },
    ],
  ];
  const out = [s.boxes(parts)];
  if (withLamp) out.push(tableLamp(s, x, h, z, withLamp));
  s.shadow(x - 0.22, x + 0.22, z - 0.2, z + 0.2, 0.12, 0.04);
  s.add(z + 0.2, out.join(''));
}

export function tableLamp(s: Scene, x: number, y: number, z: number, shadeColor: string): string {
  const lit = s.sky.lampsOn;
  s.glow(x, y + 0.4, z, 0.6, 0.55);
  return (
    s.frustum(x, z, y, y + 0.2, 0.07, 0.05, C.stone) +
    line(s.p(x, y + 0.2, z), s.p(x, y + 0.3, z), s.tone(C.charcoal), 2 * s.u) +
    s.frustum(x, z, y + 0.28, y + 0.48, 0.16, 0.12, lit ? tint(shadeColor, 0.35) : shadeColor)
  );
}

export function drawBench(
  s: Scene,
  x: number,
  z: number,
  w: number,
  color: string,
  cushion: string,
): void {
  const parts: Part[] = [
    ...legs(x, x + w, z, z + 0.4, 0.38, 0.04, C.walnut),
    [{ x0: x, x1: x + w, y0: 0.38, y1: 0.42, z0: z, z1: z + 0.4 }, { color }],
    [
      { x0: x + 0.02, x1: x + w - 0.02, y0: 0.42, y1: 0.5, z0: z + 0.02, z1: z + 0.38 },
      { color: cushion },
    ],
  ];
  s.shadow(x, x + w, z, z + 0.4, 0.14, 0.04);
  s.add(z + 0.4, s.boxes(parts));
}
