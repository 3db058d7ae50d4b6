import { shade } from './color';
import { tableLamp } from './furniture';
import { C } from './palette';
import type { Box, BoxPaint, Scene } from './scene';
import { group, line, num, path, rect } from './svg';

type Part = readonly [Box, BoxPaint];

export interface BedSpec {
  x: number;
  w: number;
  len?: number;
  frame: string;
  headboard: string;
  duvet: string;
  throwColor: string;
  pillows: string[];
}

function bedPillow(
  s: Scene,
  x: number,
  y: number,
  z: number,
  w: number,
  h: number,
  color: string,
): string {
  const [px, py] = s.p(x, y, z);
  const k = s.k(z);
  const c = s.tone(color);
  return (
    rect(px - (w * k) / 2, py - h * k, w * k, h * k, c, { rx: h * k * 0.35 }) +
    rect(px - (w * k) / 2, py - h * k * 0.35, w * k, h * k * 0.35, shade(c, 0.07), {
      rx: h * k * 0.2,
    })
  );
}

export function drawBed(s: Scene, o: BedSpec): void {
  const len = o.len ?? 2.05;
  const x0 = o.x;
  const x1 = o.x + o.w;
  const z0 = 0.04;
  const z1 = z0 + len;
  const parts: Part[] = [
    [{ x0: x0 - 0.05, x1: x1 + 0.05, y0: 0, y1: 1.15, z0, z1: z0 + 0.1 }, { color: o.headboard }],
    [{ x0, x1, y0: 0.08, y1: 0.3, z0: z0 + 0.1, z1 }, { color: o.frame }],
    [
      { x0: x0 + 0.03, x1: x1 - 0.03, y0: 0.3, y1: 0.52, z0: z0 + 0.12, z1: z1 - 0.03 },
      { color: C.white },
    ],
    [
      { x0: x0 - 0.02, x1: x1 + 0.02, y0: 0.22, y1: 0.58, z0: z0 + 0.62, z1: z1 + 0.02 },
      { color: o.duvet },
    ],
    // the throw lies across the lower half of the bed and hangs down both sides
    [
      { x0: x0 - 0.04, x1: x1 + 0.04, y0: 0.58, y1: 0.615, z0: z1 - 0.95, z1: z1 - 0.45 },
      { color: o.throwColor },
    ],
    [
      { x0: x0 - 0.04, x1: x0 - 0.02, y0: 0.2, y1: 0.58, z0: z1 - 0.95, z1: z1 - 0.45 },
      { color: o.throwColor },
    ],
    [
      { x0: x1 + 0.02, x1: x1 + 0.04, y0: 0.2, y1: 0.58, z0: z1 - 0.95, z1: z1 - 0.45 },
      { color: o.throwColor },
    ],
  ];
  const pillowMarkup: string[] = [];
  const pw = Math.min(0.68, (o.w - 0.16) / 2);
  pillowMarkup.push(
    bedPillow(s, x0 + 0.08 + pw / 2, 0.5, z0 + 0.22, pw, 0.34, o.pillows[0] ?? C.white),
  );
  pillowMarkup.push(
    bedPillow(s, x1 - 0.08 - pw / 2, 0.5, z0 + 0.22, pw, 0.34, o.pillows[1] ?? C.white),
  );
  if (o.pillows[2])
    pillowMarkup.push(bedPillow(s, (x0 + x1) / 2 - 0.12, 0.5, z0 + 0.4, 0.44, 0.28, o.pillows[2]));
  if (o.pillows[3])
    pillowMarkup.push(bedPillow(s, (x0 + x1) / 2 + 0.2, 0.5, z0 + 0.42, 0.36, 0.26, o.pillows[3]));
  // Folded top sheet line across the duvet, so the bed reads as made.
  const fold: Part[] = [
    [
      { x0: x0 - 0.02, x1: x1 + 0.02, y0: 0.58, y1: 0.6, z0: z0 + 0.62, z1: z0 + 0.78 },
      { color: C.white },
    ],
  ];
  s.shadow(x0 - 0.05, x1 + 0.05, z0, z1, 0.2, 0.08);
  s.wallShadow(x0 - 0.05, x1 + 0.05, 1.15, 0.12);
  const head = s.boxes(parts.slice(0, 3));
  s.add(z1 + 0.05, head + group(pillowMarkup) + s.boxes(parts.slice(3)) + s.boxes(fold));
}

export function drawNightstand(
  s: Scene,
  x: number,
  color: string,
  lampShade: string | undefined,
): void {
  const w = 0.46;
  const z1 = 0.44;
  const h = 0.52;
  const drawer = (fx: number, fy: number, fw: number, fh: number): string =>
    rect(fx, fy + fh * 0.45, fw, 1.2 * s.u, shade(s.tone(color), 0.2)) +
    rect(fx + fw * 0.4, fy + fh * 0.2, fw * 0.2, 2.4 * s.u, s.tone(C.brass), { rx: s.u });
  const parts: Part[] = [
    [
      { x0: x - w / 2, x1: x + w / 2, y0: 0.1, y1: h, z0: 0.02, z1 },
      { color, frontDetail: drawer },
    ],
    [
      { x0: x - w / 2 + 0.03, x1: x - w / 2 + 0.06, y0: 0, y1: 0.1, z0: z1 - 0.06, z1: z1 - 0.03 },
      { color: C.walnut },
    ],
    [
      { x0: x + w / 2 - 0.06, x1: x + w / 2 - 0.03, y0: 0, y1: 0.1, z0: z1 - 0.06, z1: z1 - 0.03 },
      { color: C.walnut },
    ],
  ];
  const out = [s.boxes(parts)];
  if (lampShade) out.push(tableLamp(s, x, h, 0.22, lampShade));
  s.shadow(x - w / 2, x + w / 2, 0.02, z1, 0.14, 0.04);
  s.add(z1, out.join(''));
}

export function drawWardrobe(
  s: Scene,
  x0: number,
  x1: number,
  color: string,
  handle: string,
): void {
  const doors = Math.max(2, Math.round((x1 - x0) / 0.5));
  const detail = (fx: number, fy: number, fw: number, fh: number): string => {
    const out: string[] = [];
    const dw = fw / doors;
    for (let i = 1; i < doors; i++)
      out.push(rect(fx + i * dw - 0.6 * s.u, fy, 1.2 * s.u, fh, shade(s.tone(color), 0.2)));
    for (let i = 0; i < doors; i++) {
      const hx = fx + i * dw + (i % 2 === 0 ? dw - 6 * s.u : 3 * s.u);
      out.push(rect(hx, fy + fh * 0.42, 3 * s.u, fh * 0.14, s.tone(handle), { rx: s.u }));
    }
    return out.join('');
  };
  s.shadow(x0, x1, 0, 0.6, 0.16, 0.05);
  s.add(0.6, s.box({ x0, x1, y0: 0, y1: 2.35, z0: 0, z1: 0.6 }, { color, frontDetail: detail }));
}

export interface DeskSpec {
  x0: number;
  x1: number;
  z: number;
  color: string;
  legColor: string;
  chair: string;
  lamp?: string;
}

export function drawDesk(s: Scene, o: DeskSpec): void {
  const h = 0.74;
  const d = 0.62;
  const z0 = o.z;
  const z1 = o.z + d;
  const parts: Part[] = [
    [{ x0: o.x0, x1: o.x1, y0: h - 0.035, y1: h, z0, z1 }, { color: o.color }],
    [
      { x0: o.x0 + 0.03, x1: o.x0 + 0.07, y0: 0, y1: h - 0.035, z0: z0 + 0.03, z1: z1 - 0.03 },
      { color: o.legColor },
    ],
    [
      { x0: o.x1 - 0.07, x1: o.x1 - 0.03, y0: 0, y1: h - 0.035, z0: z0 + 0.03, z1: z1 - 0.03 },
      { color: o.legColor },
    ],
    [
      { x0: o.x1 - 0.5, x1: o.x1 - 0.08, y0: h - 0.2, y1: h - 0.035, z0: z0 + 0.03, z1: z1 - 0.02 },
      { color: shade(o.color, 0.05) },
    ],
  ];
  const mx = (o.x0 + o.x1) / 2 - 0.1;
  const monitor: Part[] = [
    [
      { x0: mx - 0.04, x1: mx + 0.04, y0: h, y1: h + 0.16, z0: z0 + 0.12, z1: z0 + 0.16 },
      { color: C.charcoal },
    ],
    [
      { x0: mx - 0.14, x1: mx + 0.14, y0: h, y1: h + 0.015, z0: z0 + 0.08, z1: z0 + 0.24 },
      { color: C.charcoal },
    ],
    [
      { x0: mx - 0.34, x1: mx + 0.34, y0: h + 0.12, y1: h + 0.5, z0: z0 + 0.16, z1: z0 + 0.19 },
      {
        color: C.ink,
        frontDetail: (fx, fy, fw, fh) => {
          const inset = 0.012 * s.k(z0);
          const screen = s.defs.linearBox([
            [0, s.sky.lampsOn ? '#3f6e73' : '#2f5653'],
            [1, s.sky.lampsOn ? '#87b8b0' : '#6f9d96'],
          ]);
          return (
            rect(fx + inset, fy + inset, fw - inset * 2, fh - inset * 2, screen) +
            rect(fx + fw * 0.1, fy + fh * 0.2, fw * 0.35, fh * 0.08, '#ffffff', { opacity: 0.35 }) +
            rect(fx + fw * 0.1, fy + fh * 0.36, fw * 0.5, fh * 0.05, '#ffffff', { opacity: 0.2 }) +
            rect(fx + fw * 0.1, fy + fh * 0.46, fw * 0.42, fh * 0.05, '#ffffff', { opacity: 0.2 }) +
            rect(fx + fw * 0.62, fy + fh * 0.2, fw * 0.28, fh * 0.5, '#ffffff', { opacity: 0.14 })
          );
        },
      },
    ],
    [
      { x0: mx - 0.24, x1: mx + 0.24, y0: h, y1: h + 0.015, z0: z0 + 0.34, z1: z0 + 0.48 },
      { color: C.stone },
    ],
  ];
  const extras: string[] = [s.boxes(monitor)];
  const cupX = o.x1 - 0.22;
  extras.push(
    s.frustum(cupX, z0 + 0.4, h, h + 0.1, 0.04, 0.04, C.terracotta, shade(C.terracotta, 0.3)),
  );
  if (o.lamp) {
    const lx = o.x0 + 0.2;
    const [bx, by] = s.p(lx, h + 0.02, z0 + 0.2);
    const [ex, ey] = s.p(lx + 0.08, h + 0.42, z0 + 0.2);
    const [hx, hy] = s.p(lx + 0.26, h + 0.4, z0 + 0.25);
    extras.push(s.frustum(lx, z0 + 0.2, h, h + 0.02, 0.08, 0.08, C.charcoal));
    extras.push(
      path(`M${num(bx)} ${num(by)}L${num(ex)} ${num(ey)}L${num(hx)} ${num(hy)}`, 'none', {
        stroke: s.tone(C.charcoal),
        'stroke-width': 2.4 * s.u,
      }),
    );
    extras.push(
      s.frustum(
        lx + 0.26,
        z0 + 0.25,
        h + 0.3,
        h + 0.42,
        0.09,
        0.04,
        o.lamp,
        s.sky.lampsOn ? '#fff0c8' : undefined,
      ),
    );
    s.glow(lx + 0.26, h + 0.28, z0 + 0.25, 0.6, 0.5);
  }
  s.shadow(o.x0, o.x1, z0, z1, 0.15, 0.05);
  if (z0 < 0.2) s.wallShadow(o.x0, o.x1, h, 0.08);
  s.add(z1, s.boxes(parts) + extras.join(''));
  drawOfficeChair(s, mx + 0.32, z1 + 0.05, o.chair);
}

function drawOfficeChair(s: Scene, x: number, z: number, color: string): void {
  const out: string[] = [];
  const c = s.tone(C.charcoal);
  const [hx, hy] = s.p(x, 0.1, z + 0.25);
  for (const [dx, dz] of [
    [-0.3, 0.05],
    [0.3, 0.05],
    [-0.18, 0.3],
    [0.18, 0.3],
    [0, -0.25],
  ] as const) {
    out.push(line([hx, hy], s.p(x + dx, 0.04, z + 0.25 + dz), c, 4 * s.u));
  }
  out.push(line([hx, hy], s.p(x, 0.42, z + 0.25), c, 5 * s.u));
  const parts: Part[] = [
    [{ x0: x - 0.25, x1: x + 0.25, y0: 0.42, y1: 0.5, z0: z, z1: z + 0.48 }, { color }],
    [{ x0: x - 0.23, x1: x + 0.23, y0: 0.56, y1: 1.02, z0: z + 0.44, z1: z + 0.52 }, { color }],
    [
      { x0: x - 0.03, x1: x + 0.03, y0: 0.5, y1: 0.58, z0: z + 0.46, z1: z + 0.5 },
      { color: C.charcoal },
    ],
  ];
  s.shadow(x - 0.3, x + 0.3, z, z + 0.55, 0.12, 0.06);
  s.add(z + 0.55, out.join('') + s.boxes(parts));
}
