import { mix, shade, tint } from './color';
import { C } from './palette';
import type { Scene } from './scene';
import { ellipse, group, line, num, poly, pointsToPath, rect, type Pt } from './svg';

export type FloorKind = 'planks' | 'planksAcross' | 'tiles' | 'concrete';

export interface ShellSpec {
  wall: string;
  sideWall?: string;
  ceiling?: string;
  floor: FloorKind;
  floorColor: string;
  skirting?: string;
  /** Leave the back wall out (terraces): the view fills the background instead. */
  open?: boolean;
}

/** Depth used for everything that should run out of the bottom of the frame. */
export function frontZ(s: Scene): number {
  return Math.min(s.camZ - 0.25, s.nearZ + 0.4);
}

function floorOutline(s: Scene): Pt[] {
  const zn = frontZ(s);
  return [s.p(0, 0, 0), s.p(s.roomW, 0, 0), s.p(s.roomW, 0, zn), s.p(0, 0, zn)];
}

export function floorClip(s: Scene): string {
  return s.defs.clip(pointsToPath(floorOutline(s)));
}

function drawPlanks(s: Scene, color: string, across: boolean): string {
  const rng = s.rng.fork('planks');
  const zn = frontZ(s);
  const out: string[] = [];
  const seam = shade(color, 0.28);
  const width = across ? 0.2 : 0.19;
  const seamW = 1.1 * s.u;
  if (!across) {
    for (let x = 0; x < s.roomW; x += width) {
      const tone = mix(
        color,
        rng.chance(0.5) ? tint(color, 0.4) : shade(color, 0.4),
        rng.range(0, 0.12),
      );
      out.push(
        s.floorPoly(
          [
            [x, 0],
            [x + width, 0],
            [x + width, zn],
            [x, zn],
          ],
          s.tone(tone),
        ),
      );
      out.push(line(s.p(x, 0, 0), s.p(x, 0, zn), s.tone(seam), seamW, { opacity: 0.45 }));
      for (let z = rng.range(0, 1.4); z < zn; z += rng.range(1.1, 1.9)) {
        out.push(line(s.p(x, 0, z), s.p(x + width, 0, z), s.tone(seam), seamW, { opacity: 0.4 }));
      }
    }
  } else {
    for (let z = 0; z < zn; z += width) {
      const tone = mix(
        color,
        rng.chance(0.5) ? tint(color, 0.4) : shade(color, 0.4),
        rng.range(0, 0.12),
      );
      out.push(
        s.floorPoly(
          [
            [0, z],
            [s.roomW, z],
            [s.roomW, z + width],
            [0, z + width],
          ],
          s.tone(tone),
        ),
      );
      out.push(line(s.p(0, 0, z), s.p(s.roomW, 0, z), s.tone(seam), seamW, { opacity: 0.45 }));
      for (let x = rng.range(0, 1.4); x < s.roomW; x += rng.range(1.1, 1.9)) {
        out.push(line(s.p(x, 0, z), s.p(x, 0, z + width), s.tone(seam), seamW, { opacity: 0.4 }));
      }
    }
  }
  return out.join('');
}

function drawTiles(s: Scene, color: string): string {
  const rng = s.rng.fork('tiles');
  const zn = frontZ(s);
  const size = 0.6;
  const out: string[] = [];
  for (let x = 0; x < s.roomW; x += size) {
    for (let z = 0; z < zn; z += size) {
      if (!rng.chance(0.35)) continue;
      out.push(
        s.floorPoly(
          [
            [x, z],
            [x + size, z],
            [x + size, z + size],
            [x, z + size],
          ],
          s.tone(mix(color, shade(color, 0.3), rng.range(0.05, 0.12))),
        ),
      );
    }
  }
  const grout = s.tone(tint(color, 0.35));
  for (let x = 0; x <= s.roomW; x += size)
    out.push(line(s.p(x, 0, 0), s.p(x, 0, zn), grout, 1.4 * s.u));
  for (let z = 0; z <= zn; z += size)
    out.push(line(s.p(0, 0, z), s.p(s.roomW, 0, z), grout, 1.4 * s.u));
  return out.join('');
}

function drawConcrete(s: Scene, color: string): string {
  const rng = s.rng.fork('concrete');
  const zn = frontZ(s);
  const out: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = rng.range(0, s.roomW);
    const z = rng.range(0.2, zn);
    const d = s.disc(x, 0, z, rng.range(0.4, 0.9));
    out.push(
      `<ellipse cx="${num(d.cx)}" cy="${num(d.cy)}" rx="${num(d.rx)}" ry="${num(d.ry)}" fill="${s.tone(
        shade(color, 0.25),
      )}" opacity="0.09" filter="${s.defs.blur(Math.round(14 * s.u))}"/>`,
    );
  }
  const seam = s.tone(shade(color, 0.2));
  for (let z = 2; z < zn; z += 2)
    out.push(line(s.p(0, 0, z), s.p(s.roomW, 0, z), seam, 1.2 * s.u, { opacity: 0.5 }));
  for (let x = 1.5; x < s.roomW; x += 2.4)
    out.push(line(s.p(x, 0, 0), s.p(x, 0, zn), seam, 1.2 * s.u, { opacity: 0.5 }));
  return out.join('');
}

function drawSideWall(s: Scene, x: number, color: string): void {
  const zn = frontZ(s) + 0.15;
  const base = s.tone(color);
  const fill = s.defs.linear(
    [
      [0, tint(base, 0.04)],
      [1, shade(base, 0.06)],
    ],
    s.p(x, 0, 0)[0],
    0,
    s.p(x, 0, zn)[0],
    0,
  );
  s.wallLayer.push(
    s.quad(
      [
        [x, 0, 0],
        [x, s.roomH, 0],
        [x, s.roomH, zn],
        [x, 0, zn],
      ],
      fill,
    ),
  );
}

function drawSkirting(s: Scene, color: string): void {
  const h = 0.07;
  const zn = frontZ(s) + 0.15;
  const c = s.tone(color);
  const [ax, ay] = s.p(0, h, 0);
  const [bx, by] = s.p(s.roomW, 0, 0);
  s.wallLayer.push(rect(ax, ay, bx - ax, by - ay, c));
  s.wallLayer.push(
    s.quad(
      [
        [0, 0, 0],
        [0, h, 0],
        [0, h, zn],
        [0, 0, zn],
      ],
      shade(c, 0.04),
    ),
  );
  s.wallLayer.push(
    s.quad(
      [
        [s.roomW, 0, 0],
        [s.roomW, h, 0],
        [s.roomW, h, zn],
        [s.roomW, 0, zn],
      ],
      shade(c, 0.04),
    ),
  );
}

/** Soft darkening along the wall corners and the ceiling line, as ambient occlusion would give. */
function drawCornerShade(s: Scene): void {
  const blur = s.defs.blur(Math.round(6 * s.u));
  const w = 0.05 * s.k(0);
  const [lx, top] = s.p(0, s.roomH, 0);
  const [rx, bottom] = s.p(s.roomW, 0, 0);
  const attrs = { opacity: 0.12, filter: blur };
  s.wallLayer.push(
    rect(lx, top, w, bottom - top, '#2a2118', attrs) +
      rect(rx - w, top, w, bottom - top, '#2a2118', attrs) +
      rect(lx, top, rx - lx, w * 0.7, '#2a2118', { opacity: 0.07, filter: blur }),
  );
}

export function drawShell(s: Scene, spec: ShellSpec): void {
  const zn = frontZ(s) + 0.15;
  const ceiling = s.tone(spec.ceiling ?? tint(spec.wall, 0.45));
  s.ceilingLayer.push(
    s.quad(
      [
        [0, s.roomH, 0],
        [s.roomW, s.roomH, 0],
        [s.roomW, s.roomH, zn],
        [0, s.roomH, zn],
      ],
      ceiling,
    ),
  );
  s.openBack = spec.open ?? false;
  if (!spec.open) {
    const [x0, y0] = s.p(0, s.roomH, 0);
    const [x1, y1] = s.p(s.roomW, 0, 0);
    const wall = s.tone(spec.wall);
    const fill = s.defs.linear(
      [
        [0, tint(wall, 0.06)],
        [1, shade(wall, 0.04)],
      ],
      0,
      y0,
      0,
      y1,
    );
    s.wallLayer.push(rect(x0, y0, x1 - x0, y1 - y0, fill));
  }
  const side = spec.sideWall ?? shade(spec.wall, 0.07);
  if (s.p(0, 0, 0)[0] > 0) drawSideWall(s, 0, side);
  if (s.p(s.roomW, 0, 0)[0] < s.W) drawSideWall(s, s.roomW, side);
  if (!spec.open) drawCornerShade(s);
  if (!spec.open) drawSkirting(s, spec.skirting ?? tint(spec.wall, 0.25));

  const floorBase = s.tone(spec.floorColor);
  const floorFill = s.defs.linear(
    [
      [0, shade(floorBase, 0.05)],
      [1, floorBase],
    ],
    0,
    s.p(0, 0, 0)[1],
    0,
    s.H,
  );
  const outline = floorOutline(s);
  const pattern =
    spec.floor === 'planks'
      ? drawPlanks(s, spec.floorColor, false)
      : spec.floor === 'planksAcross'
        ? drawPlanks(s, spec.floorColor, true)
        : spec.floor === 'tiles'
          ? drawTiles(s, spec.floorColor)
          : drawConcrete(s, spec.floorColor);
  s.floorLayer.push(poly(outline, floorFill));
  s.floorLayer.push(group([pattern], { 'clip-path': floorClip(s) }));
  // A soft band where the floor meets the wall grounds the room.
  const [lx, ly] = s.p(0, 0, 0);
  const [rx] = s.p(s.roomW, 0, 0);
  s.floorLayer.push(
    rect(lx, ly, rx - lx, 0.02 * s.k(0), '#2a2118', {
      opacity: 0.1,
      filter: s.defs.blur(Math.round(4 * s.u)),
    }),
  );
}

export interface WindowSpec {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  panes?: number;
  /** A horizontal transom bar at this height. */
  transom?: number;
  frame?: string | undefined;
  recess?: number;
  sill?: boolean;
  wall: string;
}

/** Sunlight through a window in the back wall lands on the floor, pane by pane. */
function drawBackPatch(s: Scene, w: WindowSpec, paneXs: number[][]): void {
  if (s.sky.patchOpacity <= 0) return;
  const depth = s.sky.patchDepth;
  const skew = s.sky.patchSkew;
  const pieces: string[] = [];
  for (const [a, b] of paneXs) {
    if (a === undefined || b === undefined) continue;
    const pts: Array<[number, number]> = [
      [a + w.y0 * skew, w.y0 * depth],
      [b + w.y0 * skew, w.y0 * depth],
      [b + w.y1 * skew, w.y1 * depth],
      [a + w.y1 * skew, w.y1 * depth],
    ];
    pieces.push(s.floorPoly(pts, s.sky.patch));
  }
  s.floorLightLayer.push(
    group(
      [group(pieces, { opacity: s.sky.patchOpacity, filter: s.defs.blur(Math.round(3 * s.u)) })],
      { 'clip-path': floorClip(s) },
    ),
  );
}

function glassSheen(s: Scene, x0: number, y0: number, x1: number, y1: number): string {
  const w = x1 - x0;
  const h = y1 - y0;
  const band = (start: number, width: number): string =>
    poly(
      [
        [x0 + w * start, y1],
        [x0 + w * (start + width), y1],
        [x0 + w * (start + width) + h * 0.6, y0],
        [x0 + w * start + h * 0.6, y0],
      ],
      '#ffffff',
      { opacity: s.time === 'dusk' ? 0.04 : 0.1 },
    );
  return group([band(0.05, 0.12), band(0.22, 0.04)], {
    'clip-path': s.defs.clip(
      pointsToPath([
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
      ]),
    ),
  });
}

export function drawBackWindow(s: Scene, w: WindowSpec): void {
  const recess = w.recess ?? 0.14;
  const frame = s.tone(w.frame ?? C.charcoal);
  const panes = w.panes ?? 2;
  const bar = 0.05;
  const reveal = s.tone(shade(w.wall, 0.1));
  const revealDark = s.tone(shade(w.wall, 0.16));
  const out: string[] = [];
  if (s.camX > w.x0)
    out.push(
      s.quad(
        [
          [w.x0, w.y0, 0],
          [w.x0, w.y1, 0],
          [w.x0, w.y1, -recess],
          [w.x0, w.y0, -recess],
        ],
        reveal,
      ),
    );
  if (s.camX < w.x1)
    out.push(
      s.quad(
        [
          [w.x1, w.y0, 0],
          [w.x1, w.y1, 0],
          [w.x1, w.y1, -recess],
          [w.x1, w.y0, -recess],
        ],
        reveal,
      ),
    );
  if (s.camY < w.y1)
    out.push(
      s.quad(
        [
          [w.x0, w.y1, 0],
          [w.x1, w.y1, 0],
          [w.x1, w.y1, -recess],
          [w.x0, w.y1, -recess],
        ],
        revealDark,
      ),
    );
  if (s.camY > w.y0)
    out.push(
      s.quad(
        [
          [w.x0, w.y0, 0],
          [w.x1, w.y0, 0],
          [w.x1, w.y0, -recess],
          [w.x0, w.y0, -recess],
        ],
        tint(reveal, 0.1),
      ),
    );

  const [gx0, gy0] = s.p(w.x0, w.y1, -recess);
  const [gx1, gy1] = s.p(w.x1, w.y0, -recess);
  const glassPath = pointsToPath([
    [gx0, gy0],
    [gx1, gy0],
    [gx1, gy1],
    [gx0, gy1],
  ]);
  if (s.sunX === undefined) s.sunX = (gx0 + gx1) / 2;
  if (!s.sky.lampsOn) {
    // daylight spills onto the wall around the opening
    const cx = (gx0 + gx1) / 2;
    const cy = (gy0 + gy1) / 2;
    const bloom = s.defs.radial(
      [
        [0, s.sky.patch, 0.35],
        [1, s.sky.patch, 0],
      ],
      cx,
      cy,
      (gx1 - gx0) * 0.95,
      (gy1 - gy0) * 0.8,
    );
    s.wallLayer.push(ellipse(cx, cy, (gx1 - gx0) * 0.95, (gy1 - gy0) * 0.8, bloom));
  }
  out.push(group([`<use href="#${s.viewId}"/>`], { 'clip-path': s.defs.clip(glassPath) }));
  out.push(glassSheen(s, gx0, gy0, gx1, gy1));

  const k = s.k(-recess);
  const t = bar * k;
  out.push(rect(gx0, gy0, gx1 - gx0, t, frame));
  out.push(rect(gx0, gy1 - t, gx1 - gx0, t, frame));
  out.push(rect(gx0, gy0, t, gy1 - gy0, frame));
  out.push(rect(gx1 - t, gy0, t, gy1 - gy0, frame));
  const paneXs: number[][] = [];
  const paneW = (w.x1 - w.x0) / panes;
  for (let i = 0; i < panes; i++) {
    paneXs.push([w.x0 + i * paneW + bar, w.x0 + (i + 1) * paneW - bar]);
    if (i > 0) {
      const mx = s.p(w.x0 + i * paneW, 0, -recess)[0];
      out.push(rect(mx - t * 0.6, gy0, t * 1.2, gy1 - gy0, frame));
    }
  }
  if (w.transom !== undefined) {
    const ty = s.p(0, w.transom, -recess)[1];
    out.push(rect(gx0, ty - t * 0.5, gx1 - gx0, t, frame));
  }
  if (w.sill ?? true) {
    out.push(
      s.box(
        { x0: w.x0 - 0.06, x1: w.x1 + 0.06, y0: w.y0 - 0.04, y1: w.y0, z0: -recess, z1: 0.05 },
        { color: tint(w.wall, 0.35) },
      ),
    );
  }
  s.wallLayer.push(out.join(''));
  drawBackPatch(s, w, paneXs);
}

export interface SideWindowSpec {
  side: 'left' | 'right';
  z0: number;
  z1: number;
  y0: number;
  y1: number;
  panes?: number;
  frame?: string | undefined;
  wall: string;
}

/** A window in a side wall: seen at an angle, so everything is built from projected quads. */
export function drawSideWindow(s: Scene, w: SideWindowSpec): void {
  const x = w.side === 'left' ? 0 : s.roomW;
  const inward = w.side === 'left' ? -1 : 1;
  const recess = 0.14;
  const xg = x + inward * recess;
  const frame = s.tone(w.frame ?? C.charcoal);
  const out: string[] = [];
  const reveal = s.tone(shade(w.wall, 0.12));
  out.push(
    s.quad(
      [
        [x, w.y0, w.z1],
        [x, w.y1, w.z1],
        [xg, w.y1, w.z1],
        [xg, w.y0, w.z1],
      ],
      reveal,
    ),
  );
  out.push(
    s.quad(
      [
        [x, w.y1, w.z0],
        [x, w.y1, w.z1],
        [xg, w.y1, w.z1],
        [xg, w.y1, w.z0],
      ],
      shade(reveal, 0.06),
    ),
  );
  const glass: Pt[] = [
    s.p(xg, w.y0, w.z0),
    s.p(xg, w.y1, w.z0),
    s.p(xg, w.y1, w.z1),
    s.p(xg, w.y0, w.z1),
  ];
  const glassPath = pointsToPath(glass);
  out.push(group([`<use href="#${s.viewId}"/>`], { 'clip-path': s.defs.clip(glassPath) }));
  const bar = 0.05;
  const strip = (za: number, zb: number, ya: number, yb: number): string =>
    s.quad(
      [
        [xg, ya, za],
        [xg, yb, za],
        [xg, yb, zb],
        [xg, ya, zb],
      ],
      frame,
    );
  out.push(strip(w.z0, w.z1, w.y1 - bar, w.y1));
  out.push(strip(w.z0, w.z1, w.y0, w.y0 + bar));
  out.push(strip(w.z0, w.z0 + bar, w.y0, w.y1));
  out.push(strip(w.z1 - bar, w.z1, w.y0, w.y1));
  const panes = w.panes ?? 2;
  const paneD = (w.z1 - w.z0) / panes;
  for (let i = 1; i < panes; i++) {
    const zm = w.z0 + i * paneD;
    out.push(strip(zm - bar * 0.6, zm + bar * 0.6, w.y0, w.y1));
  }
  out.push(
    s.box(
      {
        x0: w.side === 'left' ? xg : x - 0.05,
        x1: w.side === 'left' ? x + 0.05 : xg,
        y0: w.y0 - 0.04,
        y1: w.y0,
        z0: w.z0 - 0.06,
        z1: w.z1 + 0.06,
      },
      { color: tint(w.wall, 0.35) },
    ),
  );
  s.wallLayer.push(out.join(''));

  if (s.sky.patchOpacity > 0) {
    const depth = s.sky.patchDepth;
    const skew = s.sky.patchSkew;
    const pieces: string[] = [];
    for (let i = 0; i < panes; i++) {
      const a = w.z0 + i * paneD + bar;
      const b = w.z0 + (i + 1) * paneD - bar;
      const fx = (y: number): number => x - inward * y * depth;
      pieces.push(
        s.floorPoly(
          [
            [fx(w.y0), a + w.y0 * skew * 0.5],
            [fx(w.y0), b + w.y0 * skew * 0.5],
            [fx(w.y1), b + w.y1 * skew * 0.5],
            [fx(w.y1), a + w.y1 * skew * 0.5],
          ],
          s.sky.patch,
        ),
      );
    }
    s.floorLightLayer.push(
      group(
        [group(pieces, { opacity: s.sky.patchOpacity, filter: s.defs.blur(Math.round(3 * s.u)) })],
        { 'clip-path': floorClip(s) },
      ),
    );
  }
}

export interface CurtainSpec {
  x0: number;
  x1: number;
  top: number;
  color: string;
  /** Width of each gathered panel. */
  panel?: number;
  sheer?: boolean;
}

function curtainPanel(
  s: Scene,
  xa: number,
  xb: number,
  top: number,
  color: string,
  sheer: boolean,
): string {
  const z = 0.1;
  const [ax, ay] = s.p(xa, top, z);
  const [bx, by] = s.p(xb, 0.02, z);
  const w = bx - ax;
  const folds = 5;
  const base = s.tone(color);
  const out: string[] = [];
  const fw = w / folds;
  for (let i = 0; i < folds; i++) {
    const fill = s.defs.linearBox(
      [
        [0, shade(base, 0.1)],
        [0.45, tint(base, 0.1)],
        [1, shade(base, 0.04)],
      ],
      false,
    );
    const fx = ax + i * fw;
    const hem = (i % 2 === 0 ? 1 : -1) * 0.006 * s.k(z);
    out.push(
      `<path d="M${num(fx)} ${num(ay)}H${num(fx + fw + 0.5)}V${num(by + hem)}Q${num(fx + fw / 2)} ${num(
        by - hem,
      )} ${num(fx)} ${num(by + hem)}Z" fill="${fill}"/>`,
    );
  }
  return group(out, sheer ? { opacity: 0.55 } : {});
}

export function drawCurtains(s: Scene, c: CurtainSpec): void {
  const panel = c.panel ?? 0.42;
  const sheer = c.sheer ?? false;
  const rodY = c.top;
  const rod = line(
    s.p(c.x0 - panel - 0.1, rodY, 0.1),
    s.p(c.x1 + panel + 0.1, rodY, 0.1),
    s.tone(C.charcoal),
    3 * s.u,
  );
  s.add(
    0.1,
    rod +
      curtainPanel(s, c.x0 - panel + 0.06, c.x0 + 0.06, rodY, c.color, sheer) +
      curtainPanel(s, c.x1 - 0.06, c.x1 + panel - 0.06, rodY, c.color, sheer),
  );
  if (!sheer) {
    s.wallShadow(c.x0 - panel + 0.06, c.x0 + 0.06, rodY, 0.08);
    s.wallShadow(c.x1 - 0.06, c.x1 + panel - 0.06, rodY, 0.08);
  }
}
