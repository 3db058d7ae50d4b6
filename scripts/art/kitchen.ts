import { shade, tint } from './color';
import { C } from './palette';
import type { Box, BoxPaint, Scene } from './scene';
import { line, num, path, rect } from './svg';

type Part = readonly [Box, BoxPaint];

/** Door seams and handles on a cabinet front (screen-space rectangle). */
function cabinetFront(
  s: Scene,
  doors: number,
  color: string,
  handle: string,
  handleAtTop: boolean,
) {
  return (x: number, y: number, w: number, h: number): string => {
    const seam = shade(s.tone(color), 0.22);
    const out: string[] = [];
    const dw = w / doors;
    for (let i = 0; i < doors; i++) {
      if (i > 0) out.push(rect(x + i * dw - 0.6 * s.u, y, 1.2 * s.u, h, seam));
      const hx = x + i * dw + dw * (i % 2 === 0 ? 0.82 : 0.18);
      const hy = handleAtTop ? y + h * 0.12 : y + h * 0.82;
      out.push(
        rect(hx - 0.07 * dw, hy, 0.14 * dw, Math.max(2, 0.012 * h * 4), s.tone(handle), {
          rx: s.u,
        }),
      );
    }
    return out.join('');
  };
}

export interface KitchenSpec {
  x0: number;
  x1: number;
  color: string;
  counter: string;
  handle?: string;
  upper?: 'cabinets' | 'shelves' | 'none';
  upperColor?: string;
  sinkAt?: number;
  hobAt?: number;
  backsplash?: string;
  tallAt?: 'left' | 'right';
  /** Where the upper cabinets or shelves run; defaults to the whole counter. */
  upperSpans?: Array<readonly [number, number]>;
}

export function drawKitchenRun(s: Scene, o: KitchenSpec): void {
  const depth = 0.62;
  const handle = o.handle ?? C.brass;
  const parts: Part[] = [];
  let x0 = o.x0;
  let x1 = o.x1;
  if (o.tallAt) {
    const tx0 = o.tallAt === 'left' ? o.x0 : o.x1 - 0.62;
    const tx1 = tx0 + 0.62;
    parts.push([
      { x0: tx0, x1: tx1, y0: 0, y1: 2.3, z0: 0, z1: depth },
      {
        color: o.upperColor ?? o.color,
        frontDetail: cabinetFront(s, 1, o.upperColor ?? o.color, handle, false),
      },
    ]);
    if (o.tallAt === 'left') x0 = tx1;
    else x1 = tx0;
  }
  const doors = Math.max(1, Math.round((x1 - x0) / 0.5));
  parts.push([
    { x0, x1, y0: 0, y1: 0.1, z0: 0, z1: depth - 0.06 },
    { color: shade(o.color, 0.35) },
  ]);
  parts.push([
    { x0, x1, y0: 0.1, y1: 0.88, z0: 0, z1: depth - 0.02 },
    { color: o.color, frontDetail: cabinetFront(s, doors, o.color, handle, true) },
  ]);
  parts.push([
    { x0: x0 - 0.02, x1: x1 + 0.02, y0: 0.88, y1: 0.92, z0: 0, z1: depth },
    { color: o.counter },
  ]);
  const splash = s.tone(o.backsplash ?? tint(o.counter, 0.2));
  const [bx0, by0] = s.p(x0, 1.5, 0);
  const [bx1, by1] = s.p(x1, 0.92, 0);
  s.wallLayer.push(rect(bx0, by0, bx1 - bx0, by1 - by0, splash));
  const tile = 0.15 * s.k(0);
  const grout = shade(splash, 0.08);
  let grid = '';
  for (let y = by1 - tile; y > by0; y -= tile) grid += `M${num(bx0)} ${num(y)}H${num(bx1)}`;
  for (let x = bx0 + tile * 2; x < bx1; x += tile * 2) grid += `M${num(x)} ${num(by0)}V${num(by1)}`;
  s.wallLayer.push(path(grid, 'none', { stroke: grout, 'stroke-width': 1.1 * s.u }));

  const upper = o.upper ?? 'cabinets';
  const uc = o.upperColor ?? o.color;
  const extras: string[] = [];
  const spans = o.upperSpans ?? [[x0, x1] as const];
  for (const [ux0, ux1] of upper === 'cabinets' ? spans : []) {
    parts.push([
      { x0: ux0, x1: ux1, y0: 1.5, y1: 2.3, z0: 0, z1: 0.36 },
      {
        color: uc,
        frontDetail: cabinetFront(s, Math.max(1, Math.round((ux1 - ux0) / 0.5)), uc, handle, false),
      },
    ]);
  }
  // open shelves stop either side of a chimney hood instead of running through it
  const hoodGap =
    upper === 'shelves' && o.hobAt !== undefined
      ? ([o.hobAt - 0.42, o.hobAt + 0.42] as const)
      : undefined;
  const shelfSpans = spans.flatMap(([a, b]): Array<readonly [number, number]> => {
    if (!hoodGap || hoodGap[1] <= a || hoodGap[0] >= b) return [[a, b]];
    const pieces: Array<readonly [number, number]> = [
      [a, hoodGap[0]],
      [hoodGap[1], b],
    ];
    return pieces.filter(([l, r]) => r - l > 0.3);
  });
  for (const [ux0, ux1] of upper === 'shelves' ? shelfSpans : []) {
    for (const y of [1.62, 2.0]) {
      parts.push([
        { x0: ux0 + 0.05, x1: ux1 - 0.05, y0: y - 0.03, y1: y, z0: 0, z1: 0.28 },
        { color: uc },
      ]);
      for (let x = ux0 + 0.2; x < ux1 - 0.2; x += 0.32) {
        const kind = Math.round(x * 7) % 3;
        if (kind === 0)
          extras.push(s.frustum(x, 0.14, y, y + 0.07, 0.05, 0.09, C.white, tint(C.oat, 0.3)));
        else if (kind === 1)
          extras.push(s.frustum(x, 0.14, y, y + 0.16, 0.045, 0.045, C.stone, C.charcoal));
        else
          extras.push(
            s.frustum(x, 0.14, y, y + 0.1, 0.06, 0.06, C.tealSoft, shade(C.tealSoft, 0.3)),
          );
      }
    }
  }
  if (o.sinkAt !== undefined) {
    const sx = o.sinkAt;
    extras.push(
      s.quad(
        [
          [sx - 0.3, 0.921, 0.1],
          [sx + 0.3, 0.921, 0.1],
          [sx + 0.3, 0.921, 0.5],
          [sx - 0.3, 0.921, 0.5],
        ],
        shade(s.tone(o.counter), 0.18),
      ),
    );
    const [fx, fy] = s.p(sx, 0.92, 0.06);
    const [tx, ty] = s.p(sx, 1.2, 0.2);
    extras.push(
      path(
        `M${num(fx)} ${num(fy)}V${num(ty - 8 * s.u)}Q${num(fx)} ${num(ty - 16 * s.u)} ${num(tx)} ${num(ty)}`,
        'none',
        { stroke: s.tone(C.charcoal), 'stroke-width': 3 * s.u },
      ),
    );
  }
  if (o.hobAt !== undefined) {
    const hx = o.hobAt;
    extras.push(
      s.quad(
        [
          [hx - 0.3, 0.921, 0.08],
          [hx + 0.3, 0.921, 0.08],
          [hx + 0.3, 0.921, 0.55],
          [hx - 0.3, 0.921, 0.55],
        ],
        s.tone(C.ink),
      ),
    );
    if (upper !== 'cabinets') {
      const hood: Part[] = [
        [{ x0: hx - 0.35, x1: hx + 0.35, y0: 1.62, y1: 1.76, z0: 0, z1: 0.5 }, { color: C.stone }],
        [
          { x0: hx - 0.12, x1: hx + 0.12, y0: 1.76, y1: s.roomH, z0: 0.05, z1: 0.3 },
          { color: C.stone },
        ],
      ];
      extras.push(s.boxes(hood));
    }
    extras.push(
      s.frustum(hx - 0.12, 0.3, 0.922, 1.04, 0.11, 0.11, C.charcoal, shade(C.charcoal, 0.3)) +
        line(s.p(hx - 0.01, 1.02, 0.3), s.p(hx + 0.12, 1.02, 0.3), s.tone(C.charcoal), 3 * s.u),
    );
  }
  s.shadow(o.x0, o.x1, 0, depth, 0.18, 0.05);
  s.add(depth, s.boxes(parts) + extras.join(''));
}

export interface IslandSpec {
  x0: number;
  x1: number;
  z0: number;
  z1: number;
  color: string;
  top: string;
}

export function drawIsland(s: Scene, o: IslandSpec): void {
  const parts: Part[] = [
    [
      { x0: o.x0 + 0.05, x1: o.x1 - 0.05, y0: 0, y1: 0.1, z0: o.z0 + 0.05, z1: o.z1 - 0.25 },
      { color: shade(o.color, 0.3) },
    ],
    [{ x0: o.x0, x1: o.x1, y0: 0.1, y1: 0.88, z0: o.z0, z1: o.z1 - 0.22 }, { color: o.color }],
    [
      { x0: o.x0 - 0.03, x1: o.x1 + 0.03, y0: 0.88, y1: 0.93, z0: o.z0 - 0.02, z1: o.z1 },
      { color: o.top },
    ],
  ];
  const extras: string[] = [];
  const bowlX = o.x0 + (o.x1 - o.x0) * 0.3;
  const zc = (o.z0 + o.z1) / 2;
  extras.push(s.frustum(bowlX, zc, 0.93, 1.0, 0.08, 0.15, C.white, tint(C.oat, 0.2)));
  for (const [dx, col] of [
    [-0.05, C.amber],
    [0.04, C.terracotta],
    [0.0, C.leafLight],
  ] as const) {
    const d = s.disc(bowlX + dx, 1.02, zc, 0.04);
    extras.push(
      `<circle cx="${num(d.cx)}" cy="${num(d.cy - 2 * s.u)}" r="${num(d.rx)}" fill="${s.tone(col)}"/>`,
    );
  }
  s.shadow(o.x0, o.x1, o.z0, o.z1, 0.18, 0.06);
  s.add(o.z1, s.boxes(parts) + extras.join(''));
}

export function drawStool(
  s: Scene,
  x: number,
  z: number,
  h: number,
  seat: string,
  legColor: string,
): void {
  const r = 0.18;
  const out: string[] = [];
  const [sx, sy] = s.p(x, h - 0.04, z);
  for (const [dx, dz] of [
    [-0.14, 0.12],
    [0.14, 0.12],
    [-0.12, -0.12],
    [0.12, -0.12],
  ] as const) {
    const [fx, fy] = s.p(x + dx, 0, z + dz);
    out.push(line([sx + (fx - sx) * 0.25, sy], [fx, fy], s.tone(legColor), 3.2 * s.u));
  }
  const ring = s.disc(x, h * 0.3, z, r * 0.85);
  out.push(
    `<ellipse cx="${num(ring.cx)}" cy="${num(ring.cy)}" rx="${num(ring.rx)}" ry="${num(ring.ry)}" fill="none" stroke="${s.tone(legColor)}" stroke-width="${num(2 * s.u)}"/>`,
  );
  out.push(s.frustum(x, z, h - 0.06, h, r, r, seat));
  s.shadow(x - r, x + r, z - r, z + r, 0.1, 0.04);
  s.add(z + r + 0.3, out.join(''));
}

export interface DiningSpec {
  x0: number;
  x1: number;
  z0: number;
  z1: number;
  color: string;
  chair: string;
  seat?: string;
  perSide?: number;
  /** Leave out the chairs nearest the camera, so the table reads clearly. */
  frontChairs?: boolean;
}

function chairParts(
  x: number,
  z: number,
  facing: 'front' | 'back',
  color: string,
  seat: string,
): Part[] {
  const w = 0.44;
  const d = 0.44;
  const x0 = x - w / 2;
  const x1 = x + w / 2;
  const backZ0 = facing === 'front' ? z : z + d - 0.04;
  const parts: Part[] = [];
  for (const [lx, lz] of [
    [x0 + 0.02, z + 0.02],
    [x1 - 0.05, z + 0.02],
    [x0 + 0.02, z + d - 0.05],
    [x1 - 0.05, z + d - 0.05],
  ] as const) {
    parts.push([{ x0: lx, x1: lx + 0.03, y0: 0, y1: 0.44, z0: lz, z1: lz + 0.03 }, { color }]);
  }
  parts.push([{ x0, x1, y0: 0.44, y1: 0.48, z0: z, z1: z + d }, { color: seat }]);
  parts.push([
    { x0: x0 + 0.02, x1: x1 - 0.02, y0: 0.48, y1: 0.88, z0: backZ0, z1: backZ0 + 0.04 },
    { color },
  ]);
  return parts;
}

/** Dining table with chairs behind it (facing us) and in front of it (seen from behind). */
export function drawDiningSet(s: Scene, o: DiningSpec): void {
  const h = 0.75;
  const seat = o.seat ?? o.chair;
  const count = o.perSide ?? Math.max(2, Math.round((o.x1 - o.x0 - 0.2) / 0.6));
  const spacing = (o.x1 - o.x0) / count;
  const backChairs: Part[] = [];
  const frontChairs: Part[] = [];
  for (let i = 0; i < count; i++) {
    const cx = o.x0 + spacing * (i + 0.5);
    backChairs.push(...chairParts(cx, o.z0 - 0.22, 'front', o.chair, seat));
    if (o.frontChairs ?? true)
      frontChairs.push(...chairParts(cx, o.z1 - 0.22, 'back', o.chair, seat));
  }
  const table: Part[] = [
    [{ x0: o.x0, x1: o.x1, y0: h - 0.04, y1: h, z0: o.z0, z1: o.z1 }, { color: o.color }],
    [
      { x0: o.x0 + 0.06, x1: o.x0 + 0.11, y0: 0, y1: h - 0.04, z0: o.z0 + 0.06, z1: o.z0 + 0.11 },
      { color: shade(o.color, 0.1) },
    ],
    [
      { x0: o.x1 - 0.11, x1: o.x1 - 0.06, y0: 0, y1: h - 0.04, z0: o.z0 + 0.06, z1: o.z0 + 0.11 },
      { color: shade(o.color, 0.1) },
    ],
    [
      { x0: o.x0 + 0.06, x1: o.x0 + 0.11, y0: 0, y1: h - 0.04, z0: o.z1 - 0.11, z1: o.z1 - 0.06 },
      { color: shade(o.color, 0.1) },
    ],
    [
      { x0: o.x1 - 0.11, x1: o.x1 - 0.06, y0: 0, y1: h - 0.04, z0: o.z1 - 0.11, z1: o.z1 - 0.06 },
      { color: shade(o.color, 0.1) },
    ],
  ];
  const mid = (o.x0 + o.x1) / 2;
  const zc = (o.z0 + o.z1) / 2;
  const decor =
    s.frustum(mid, zc, h, h + 0.2, 0.05, 0.07, C.white, C.charcoal) +
    s.frustum(mid + 0.35, zc + 0.05, h, h + 0.05, 0.12, 0.15, C.oat, shade(C.oat, 0.2));
  const stems = (() => {
    const [bx, by] = s.p(mid, h + 0.2, zc);
    const k = s.k(zc);
    return [-20, 0, 18]
      .map((a) => {
        const rad = (a * Math.PI) / 180;
        const tx = bx + Math.sin(rad) * k * 0.3;
        const ty = by - Math.cos(rad) * k * 0.3;
        return (
          line([bx, by], [tx, ty], s.tone(C.olive), 1.5 * s.u) +
          `<ellipse cx="${num(tx)}" cy="${num(ty)}" rx="${num(k * 0.025)}" ry="${num(k * 0.04)}" fill="${s.tone(C.sage)}"/>`
        );
      })
      .join('');
  })();
  s.shadow(o.x0 - 0.1, o.x1 + 0.1, o.z0 - 0.25, o.z1 + 0.25, 0.13, 0.08);
  s.add(o.z0, s.boxes(backChairs));
  s.add(o.z1, s.boxes(table) + stems + decor);
  if (frontChairs.length > 0) s.add(o.z1 + 0.25, s.boxes(frontChairs));
}
