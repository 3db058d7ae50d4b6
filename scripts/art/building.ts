import { mix, shade, tint } from './color';
import { C } from './palette';
import type { Rng } from './prng';
import { Scene } from './scene';
import { circle, ellipse, group, line, num, path, poly, rect } from './svg';

/** Exterior proportions in metres. */
const STOREY = 3.15;
const GROUND = 4.2;
const FLOORS = 8;
const TOP = GROUND + STOREY * (FLOORS - 1);

interface Block {
  x0: number;
  x1: number;
  z: number;
  facade: string;
  bays: number;
}

const SKY = { top: '#a6cad8', mid: '#d3e5e6', horizon: '#f6ead6' };
const GLASS = ['#9fbcc2', '#b4cdd0', '#c9dcdc'] as const;
const LIT = '#f3c98b';

function drawSky(s: Scene): string {
  const { W, H } = s;
  const horizon = s.p(0, 0, -60)[1];
  const fill = s.defs.linear(
    [
      [0, SKY.top],
      [0.65, SKY.mid],
      [1, SKY.horizon],
    ],
    0,
    0,
    0,
    horizon,
  );
  const out = [rect(0, 0, W, H, fill)];
  const sun = s.defs.radial(
    [
      [0, '#fff6e2', 0.9],
      [0.3, '#fff2d6', 0.35],
      [1, '#fff2d6', 0],
    ],
    W * 0.86,
    H * 0.16,
    H * 0.3,
  );
  out.push(circle(W * 0.86, H * 0.16, H * 0.3, sun));
  const rng = s.rng.fork('clouds');
  for (const [cx, cy, w] of [
    [0.16, 0.12, 0.2],
    [0.5, 0.07, 0.14],
    [0.72, 0.24, 0.17],
  ] as const) {
    const x = cx * W;
    const y = cy * H;
    const cw = w * W;
    let d = '';
    for (let i = 0; i < 4; i++) {
      const t = (i + 0.5) / 4;
      const r = cw * (0.1 + 0.1 * Math.sin(Math.PI * t)) * rng.range(0.85, 1.15);
      d += `M${num(x + cw * t - r)} ${num(y)}a${num(r)} ${num(r)} 0 0 1 ${num(2 * r)} 0Z`;
    }
    out.push(path(d, '#ffffff', { opacity: 0.7 }));
  }
  // distant, hazy town so the building does not float on an empty horizon
  let d = '';
  let x = 0;
  while (x < W) {
    const w = rng.range(30, 80);
    const h = rng.range(14, 60);
    d += `M${num(x)} ${num(horizon)}V${num(horizon - h)}h${num(w)}V${num(horizon)}Z`;
    x += w + rng.range(-5, 12);
  }
  out.push(path(d, mix(SKY.mid, '#8fa7ad', 0.35), { opacity: 0.8 }));
  return out.join('');
}

function windowPane(
  s: Scene,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  z: number,
  rng: Rng,
  frame: string,
): string {
  const [ax, ay] = s.p(x0, y1, z);
  const [bx, by] = s.p(x1, y0, z);
  const w = bx - ax;
  const h = by - ay;
  const lit = rng.chance(0.22);
  const out: string[] = [rect(ax - 1.5, ay - 1.5, w + 3, h + 3, frame)];
  if (lit) {
    out.push(rect(ax, ay, w, h, LIT));
    out.push(rect(ax, ay + h * 0.72, w, h * 0.28, shade(LIT, 0.12)));
  } else {
    const fill = s.defs.linearBox([
      [0, rng.pick(GLASS)],
      [1, tint(rng.pick(GLASS), 0.35)],
    ]);
    out.push(rect(ax, ay, w, h, fill));
    out.push(
      poly(
        [
          [ax + w * 0.15, ay + h],
          [ax + w * 0.3, ay + h],
          [ax + w * 0.75, ay],
          [ax + w * 0.6, ay],
        ],
        '#ffffff',
        { opacity: 0.18 },
      ),
    );
  }
  if (rng.chance(0.35)) out.push(rect(ax, ay, w * 0.22, h, C.oat, { opacity: 0.85 }));
  out.push(rect(ax + w / 2 - 0.6, ay, 1.2, h, frame));
  return out.join('');
}

/** A projecting balcony: slab seen from below, glass front with a teal handrail. */
function balcony(
  s: Scene,
  x0: number,
  x1: number,
  y: number,
  z: number,
  depth: number,
  facade: string,
): string {
  const slab = s.box(
    { x0, x1, y0: y - 0.3, y1: y, z0: z, z1: z + depth },
    { color: tint(facade, 0.2), bottom: shade(facade, 0.16) },
  );
  const [ax, ay] = s.p(x0, y + 1.05, z + depth);
  const [bx, by] = s.p(x1, y, z + depth);
  const glass = rect(ax, ay, bx - ax, by - ay, mix(C.tealPale, C.tealSoft, 0.25), { opacity: 0.6 });
  const sideL = s.quad(
    [
      [x0, y, z],
      [x0, y + 1.05, z],
      [x0, y + 1.05, z + depth],
      [x0, y, z + depth],
    ],
    C.tealPale,
    { opacity: 0.35 },
  );
  const sideR = s.quad(
    [
      [x1, y, z],
      [x1, y + 1.05, z],
      [x1, y + 1.05, z + depth],
      [x1, y, z + depth],
    ],
    C.tealPale,
    { opacity: 0.35 },
  );
  const rail = s.box(
    { x0, x1, y0: y + 1.0, y1: y + 1.08, z0: z + depth - 0.05, z1: z + depth + 0.03 },
    { color: C.teal },
  );
  const railL = s.box(
    { x0, x1: x0 + 0.06, y0: y + 1.0, y1: y + 1.08, z0: z, z1: z + depth },
    { color: C.tealDeep },
  );
  const railR = s.box(
    { x0: x1 - 0.06, x1, y0: y + 1.0, y1: y + 1.08, z0: z, z1: z + depth },
    { color: C.tealDeep },
  );
  return slab + sideL + sideR + railL + railR + glass + rail;
}

function facadeShadow(s: Scene, x0: number, x1: number, y: number, z: number): string {
  const [ax, ay] = s.p(x0, y, z);
  const [bx, by] = s.p(x1, y - 1.0, z);
  return rect(ax, ay, bx - ax, by - ay, '#3a2a1e', { opacity: 0.14, filter: s.defs.blur(3) });
}

function drawBlockShell(s: Scene, b: Block, depth: number): string {
  const body = s.box(
    { x0: b.x0, x1: b.x1, y0: 0, y1: TOP, z0: b.z - depth, z1: b.z },
    { color: b.facade, side: shade(b.facade, 0.12) },
  );
  const parapet = s.box(
    { x0: b.x0 - 0.15, x1: b.x1 + 0.15, y0: TOP, y1: TOP + 0.9, z0: b.z - depth, z1: b.z + 0.15 },
    { color: tint(b.facade, 0.25), bottom: shade(b.facade, 0.1) },
  );
  const band = s.box(
    { x0: b.x0, x1: b.x1, y0: GROUND - 0.35, y1: GROUND, z0: b.z, z1: b.z + 0.2 },
    { color: tint(b.facade, 0.3), bottom: shade(b.facade, 0.15) },
  );
  return body + parapet + band;
}

function groundFloor(s: Scene, b: Block, rng: Rng, entrance: boolean): string {
  const out: string[] = [];
  const inset = 0.4;
  const [ax, ay] = s.p(b.x0 + inset, GROUND - 0.5, b.z);
  const [bx, by] = s.p(b.x1 - inset, 0, b.z);
  const warm = s.defs.linearBox([
    [0, '#f6d7a6'],
    [1, '#e9b97d'],
  ]);
  const cool = s.defs.linearBox([
    [0, '#b9cfd1'],
    [1, '#9db7bb'],
  ]);
  out.push(rect(ax, ay, bx - ax, by - ay, entrance ? warm : cool));
  if (!entrance) {
    // shopfront interiors: a few warm pools behind the glass
    for (let i = 0; i < 3; i++) {
      const cx = ax + (bx - ax) * rng.range(0.1, 0.9);
      out.push(
        ellipse(cx, by - (by - ay) * 0.45, (bx - ax) * 0.12, (by - ay) * 0.4, '#f6d7a6', {
          opacity: 0.55,
        }),
      );
    }
  }
  const mullions = Math.round((b.x1 - b.x0) / 1.6);
  for (let i = 0; i <= mullions; i++) {
    const x = ax + ((bx - ax) * i) / mullions;
    out.push(rect(x - 1, ay, 2, by - ay, C.charcoal));
  }
  out.push(rect(ax, ay, bx - ax, 2.5, C.charcoal));
  out.push(rect(ax, by - (by - ay) * 0.33, bx - ax, 1.5, C.charcoal, { opacity: 0.7 }));
  return out.join('');
}

function upperFloors(s: Scene, b: Block, rng: Rng, balconies: 'alternate' | 'continuous'): string {
  const out: string[] = [];
  const bayW = (b.x1 - b.x0) / b.bays;
  for (let f = 1; f < FLOORS; f++) {
    const y = GROUND + (f - 1) * STOREY;
    for (let i = 0; i < b.bays; i++) {
      const bx0 = b.x0 + i * bayW;
      const withBalcony = balconies === 'continuous' || (i + f) % 3 === 0;
      const wx0 = bx0 + bayW * 0.18;
      const wx1 = bx0 + bayW * 0.82;
      const top = y + STOREY - 0.55;
      const bottom = withBalcony ? y + 0.05 : y + 0.85;
      out.push(windowPane(s, wx0, wx1, bottom, top, b.z, rng, C.charcoal));
    }
  }
  for (let f = 1; f < FLOORS; f++) {
    const y = GROUND + (f - 1) * STOREY;
    if (balconies === 'continuous') {
      out.push(facadeShadow(s, b.x0, b.x1, y + STOREY - 0.22, b.z));
    } else {
      for (let i = 0; i < b.bays; i++) {
        if ((i + f) % 3 !== 0) continue;
        const bx0 = b.x0 + i * bayW;
        out.push(facadeShadow(s, bx0 + bayW * 0.05, bx0 + bayW * 0.95, y - 0.22, b.z));
      }
    }
  }
  return out.join('');
}

function balconiesFor(
  s: Scene,
  b: Block,
  kind: 'alternate' | 'continuous',
): Array<[number, string]> {
  const items: Array<[number, string]> = [];
  const bayW = (b.x1 - b.x0) / b.bays;
  for (let f = 1; f < FLOORS; f++) {
    const y = GROUND + (f - 1) * STOREY;
    if (kind === 'continuous') {
      items.push([b.z + 1.6, balcony(s, b.x0 + 0.3, b.x1 - 0.3, y, b.z, 1.6, b.facade)]);
    } else {
      for (let i = 0; i < b.bays; i++) {
        if ((i + f) % 3 !== 0) continue;
        const bx0 = b.x0 + i * bayW;
        items.push([
          b.z + 1.4,
          balcony(s, bx0 + bayW * 0.05, bx0 + bayW * 0.95, y, b.z, 1.4, b.facade),
        ]);
      }
    }
  }
  return items;
}

function tree(s: Scene, x: number, z: number, height: number, rng: Rng): string {
  const k = s.k(z);
  const [bx, by] = s.p(x, 0, z);
  const crownR = height * 0.3 * k;
  const cy = by - height * 0.62 * k;
  const out: string[] = [];
  out.push(rect(bx - 0.12 * k, cy, 0.24 * k, by - cy, s.tone(C.walnut)));
  const dark = rng.pick([C.leafDark, C.leaf, mix(C.leaf, C.olive, 0.5)]);
  const blobs: Array<[number, number, number]> = [
    [0, 0, 1],
    [-0.55, 0.25, 0.7],
    [0.55, 0.2, 0.72],
    [-0.2, -0.45, 0.7],
    [0.3, -0.35, 0.62],
  ];
  for (const [dx, dy, r] of blobs)
    out.push(circle(bx + dx * crownR, cy + dy * crownR, r * crownR, dark));
  const light = tint(mix(dark, C.leafLight, 0.6), 0.05);
  for (const [dx, dy, r] of blobs.slice(2)) {
    out.push(
      circle(bx + (dx - 0.12) * crownR, cy + (dy - 0.12) * crownR, r * crownR * 0.62, light, {
        opacity: 0.75,
      }),
    );
  }
  return out.join('');
}

function entrance(s: Scene, zFront: number): string {
  const out: string[] = [];
  const [dx0, dy0] = s.p(-1.6, 2.8, zFront);
  const [dx1, dy1] = s.p(1.6, 0, zFront);
  out.push(rect(dx0 - 3, dy0 - 3, dx1 - dx0 + 6, dy1 - dy0 + 3, C.charcoal));
  out.push(rect(dx0, dy0, dx1 - dx0, dy1 - dy0, '#f8dcae'));
  out.push(rect((dx0 + dx1) / 2 - 1.5, dy0, 3, dy1 - dy0, C.charcoal));
  const canopy = s.box(
    { x0: -4.6, x1: 4.6, y0: 3.45, y1: 3.95, z0: zFront, z1: zFront + 3.4 },
    { color: C.teal, bottom: C.tealDeep },
  );
  const posts = [-3.8, 3.8]
    .map((x) =>
      s.box(
        { x0: x - 0.1, x1: x + 0.1, y0: 0, y1: 3.45, z0: zFront + 3.0, z1: zFront + 3.2 },
        { color: C.tealDeep },
      ),
    )
    .join('');
  const steps = s.box(
    { x0: -3.6, x1: 3.6, y0: 0, y1: 0.16, z0: zFront, z1: zFront + 1.2 },
    { color: C.stone },
  );
  const glow = s.defs.radial(
    [
      [0, '#ffe2b0', 0.55],
      [1, '#ffe2b0', 0],
    ],
    s.p(0, 2.8, zFront + 1.5)[0],
    s.p(0, 2.8, zFront + 1.5)[1],
    4 * s.k(zFront),
  );
  const [gx, gy] = s.p(0, 2.2, zFront + 1.5);
  out.push(steps, canopy, posts, ellipse(gx, gy, 4 * s.k(zFront), 2.2 * s.k(zFront), glow));
  return out.join('');
}

const LAWN = '#aebf94';

function band(s: Scene, z0: number, z1: number, color: string): string {
  return s.quad(
    [
      [-300, 0, z0],
      [300, 0, z0],
      [300, 0, z1],
      [-300, 0, z1],
    ],
    color,
  );
}

function drawGround(s: Scene): string {
  const near = s.camZ - 1;
  const out: string[] = [
    band(s, -80, 0, '#c9d1b4'),
    band(s, 0, 4.5, C.linen),
    band(s, 4.5, 24, LAWN),
    band(s, 24, 30, C.sand),
    band(s, 30, near, mix(LAWN, C.leafLight, 0.3)),
  ];
  for (let z = 32; z < near; z += 4) out.push(band(s, z, z + 2, mix(LAWN, C.leafLight, 0.42)));
  // the entrance path runs from the door to the pavement
  out.push(
    s.quad(
      [
        [-3.4, 0, 0],
        [3.4, 0, 0],
        [3.4, 0, 24],
        [-3.4, 0, 24],
      ],
      C.linen,
    ),
  );
  const seam = shade(C.sand, 0.1);
  for (let x = -80; x <= 80; x += 3) out.push(line(s.p(x, 0, 24), s.p(x, 0, 30), seam, 1));
  for (let z = 3; z < 24; z += 3)
    out.push(line(s.p(-3.4, 0, z), s.p(3.4, 0, z), shade(C.linen, 0.08), 1));
  return out.join('');
}

/** Low planting in the foreground: gives the picture a near edge and a sense of depth. */
function foreground(s: Scene, rng: Rng): string {
  const out: string[] = [];
  // sits just in front of the camera's feet, so the shrubs rise out of the bottom edge
  const z = 47.5;
  const k = s.k(z);
  const [, baseY] = s.p(0, 0, z);
  // two staggered rows of dome-shaped shrubs sitting on one planting bed
  for (const row of [0, 1]) {
    let d = '';
    for (let x = -40 + row * 0.9; x < 40; x += rng.range(1.3, 2.0)) {
      const [bx] = s.p(x, 0, z);
      const r = rng.range(0.55, 0.95) * k * (row === 0 ? 1 : 0.8);
      const by = baseY + row * 0.25 * k;
      d += `M${num(bx - r)} ${num(by)}a${num(r)} ${num(r * 0.85)} 0 0 1 ${num(2 * r)} 0Z`;
    }
    out.push(path(d, row === 0 ? C.leafDark : C.leaf));
  }
  return out.join('');
}

export const BUILDING_ALT =
  'Eight-storey residential building with three blocks side by side, sand and off-white facades, glass balconies with teal rails, a teal entrance canopy, warmly lit windows and trees in front under a calm sky';

export function buildingSvg(outW: number, outH: number): string {
  const W = 1200;
  const H = 900;
  const s = new Scene(W, H, 'building', 'noon', {
    width: 80,
    camX: -3,
    camY: 3,
    camZ: 58,
    floorLine: 0.75,
    scale: 0.0188,
  });
  const rng = s.rng.fork('facade');
  const blocks: Block[] = [
    { x0: -28.5, x1: -10, z: 0, facade: C.sand, bays: 5 },
    { x0: -10, x1: 10, z: -3.5, facade: '#f3efe8', bays: 6 },
    { x0: 10, x1: 28.5, z: 0, facade: '#e0d0b9', bays: 5 },
  ];
  const [a, b, c] = blocks as [Block, Block, Block];
  s.add(-40, drawGround(s));
  s.add(
    -10,
    drawBlockShell(s, b, 14) + groundFloor(s, b, rng, true) + upperFloors(s, b, rng, 'continuous'),
  );
  for (const [z, markup] of balconiesFor(s, b, 'continuous')) s.add(z - 3.5, markup);
  s.add(-3.4, entrance(s, b.z));
  for (const blk of [a, c]) {
    s.add(
      0,
      drawBlockShell(s, blk, 3.5) +
        groundFloor(s, blk, rng, false) +
        upperFloors(s, blk, rng, 'alternate'),
    );
    for (const [z, markup] of balconiesFor(s, blk, 'alternate')) s.add(z, markup);
  }
  // the recessed middle block sits in the shadow of its neighbours' inner walls
  const [sx0, sy0] = s.p(-10, TOP, -3.5);
  const [, sy1] = s.p(-10, 0, -3.5);
  s.add(
    -3.45,
    rect(sx0, sy0, 0.9 * s.k(-3.5), sy1 - sy0, '#3a2a1e', {
      opacity: 0.12,
      filter: s.defs.blur(6),
    }),
  );
  const roof = s.box(
    { x0: -5, x1: 3, y0: TOP + 0.9, y1: TOP + 3, z0: -12, z1: -7 },
    { color: tint(C.stone, 0.3) },
  );
  s.add(-12, roof);

  const trees = s.rng.fork('trees');
  const spots: Array<[number, number, number]> = [
    [-34, 10, 10.5],
    [-24, 9, 9],
    [-15, 10.5, 10],
    [-8, 12, 7.5],
    [8.5, 12.5, 7.8],
    [16, 9.5, 10.5],
    [25, 10.5, 9.2],
    [35, 9.5, 10.8],
  ];
  for (const [x, z, h] of spots) {
    s.add(z, tree(s, x, z, h, trees));
    // the sun sits high on the right, so shadows fall forward and to the left
    const d = s.disc(x - 1.5, 0, z + 1.5, h * 0.32);
    s.add(6, ellipse(d.cx, d.cy, d.rx, d.ry, '#3a4a2a', { opacity: 0.16, filter: s.defs.blur(4) }));
  }
  const hedge: string[] = [];
  for (const [x0, x1] of [
    [-40, -4.2],
    [4.2, 42],
  ] as const) {
    hedge.push(
      s.box(
        { x0, x1, y0: 0, y1: 0.9, z0: 4.8, z1: 5.8 },
        { color: C.leaf, top: C.leafLight, side: C.leafDark },
      ),
    );
  }
  s.add(5.8, group(hedge));
  s.add(40, foreground(s, s.rng.fork('foreground')));
  const lamps = [-6, 6]
    .map((x) => {
      const [lx, ly] = s.p(x, 0, 14);
      const [, ty] = s.p(x, 4, 14);
      return rect(lx - 2, ty, 4, ly - ty, C.charcoal) + circle(lx, ty, 6, '#fbe3b5');
    })
    .join('');
  s.add(14, lamps);
  return s.render(outW, outH, drawSky(s), '', false);
}
