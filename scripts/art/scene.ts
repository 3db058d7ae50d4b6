import { mix, shade, tint } from './color';
import { SKIES, type Sky, type TimeOfDay } from './palette';
import { Rng } from './prng';
import { Defs, document, ellipse, group, num, path, poly, rect, type Pt } from './svg';

export interface RoomSpec {
  /** Room width in metres; the back wall runs from x = 0 to x = width. */
  width: number;
  height?: number;
  /** Camera position across the room (metres from the left wall). */
  camX: number;
  /** Eye height; a seated eye level keeps furniture tops visible without a bird's-eye look. */
  camY?: number;
  /** Camera distance from the back wall; larger means flatter, calmer perspective. */
  camZ?: number;
  /** Where the back wall meets the floor, as a fraction of the image height. */
  floorLine?: number;
  /** Back-wall scale as a fraction of image height per metre. */
  scale?: number;
}

export interface Box {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  z0: number;
  z1: number;
}

export interface BoxPaint {
  color: string;
  top?: string;
  side?: string;
  bottom?: string;
  front?: string;
  /** Corner radius of the front face in metres, for upholstery. */
  round?: number;
  /** Extra markup drawn over the front face, given the face's screen rectangle. */
  frontDetail?: (x: number, y: number, w: number, h: number) => string;
}

interface Item {
  z: number;
  seq: number;
  markup: string;
}

/**
 * One-point perspective room. World axes: x to the right, y up from the floor, z from the
 * back wall (z = 0) towards the camera. Verticals stay vertical (a shifted lens, as in
 * architectural photography), which is what gives editorial interiors their calm look.
 */
export class Scene {
  readonly defs: Defs;
  readonly rng: Rng;
  readonly sky: Sky;
  readonly roomW: number;
  readonly roomH: number;
  readonly camX: number;
  readonly camY: number;
  readonly camZ: number;
  readonly f: number;
  readonly cx: number;
  readonly cy: number;
  /** Pixels per "design pixel" at 900 px image height, for strokes and blur radii. */
  readonly u: number;
  readonly viewId: string;

  readonly ceilingLayer: string[] = [];
  readonly wallLayer: string[] = [];
  readonly floorLayer: string[] = [];
  readonly floorLightLayer: string[] = [];
  readonly glowLayer: string[] = [];
  private readonly items: Item[] = [];
  private seq = 0;
  sunX: number | undefined;
  /** Set for terraces: the view is the background instead of a back wall. */
  openBack = false;

  constructor(
    readonly W: number,
    readonly H: number,
    seed: string,
    readonly time: TimeOfDay,
    spec: RoomSpec,
  ) {
    this.defs = new Defs('');
    this.rng = new Rng(seed);
    this.sky = SKIES[time];
    this.roomW = spec.width;
    this.roomH = spec.height ?? 2.8;
    this.camX = spec.camX;
    this.camY = spec.camY ?? 1.25;
    this.camZ = spec.camZ ?? 5.6;
    const scale = (spec.scale ?? 0.22) * H;
    this.f = scale * this.camZ;
    this.cx = W / 2;
    this.cy = H * (spec.floorLine ?? 0.74) - scale * this.camY;
    this.u = H / 900;
    this.viewId = 'view';
  }

  p(x: number, y: number, z: number): Pt {
    const d = Math.max(0.05, this.camZ - z);
    return [this.cx + (this.f * (x - this.camX)) / d, this.cy - (this.f * (y - this.camY)) / d];
  }

  /** Pixels per metre at depth z. */
  k(z: number): number {
    return this.f / Math.max(0.05, this.camZ - z);
  }

  /** Depth at which the floor leaves the bottom of the frame. */
  get nearZ(): number {
    return this.camZ - (this.f * this.camY) / (this.H - this.cy) + 0.02;
  }

  /** Time-of-day grading, so a dusk room reads dim and a golden-hour room reads warm. */
  tone(color: string): string {
    return mix(color, this.sky.grade, this.sky.gradeAmount);
  }

  add(z: number, markup: string): void {
    this.items.push({ z, seq: this.seq++, markup });
  }

  quad(points: ReadonlyArray<readonly [number, number, number]>, fill: string, extra = {}): string {
    return poly(
      points.map(([x, y, z]) => this.p(x, y, z)),
      fill,
      extra,
    );
  }

  floorPoly(
    points: ReadonlyArray<readonly [number, number]>,
    fill: string,
    y = 0,
    extra = {},
  ): string {
    return poly(
      points.map(([x, z]) => this.p(x, y, z)),
      fill,
      extra,
    );
  }

  box(b: Box, paint: BoxPaint): string {
    const c = this.tone(paint.color);
    const out: string[] = [];
    const litLeft = this.camX > (b.x0 + b.x1) / 2;
    if (b.y1 < this.camY) {
      out.push(
        this.quad(
          [
            [b.x0, b.y1, b.z0],
            [b.x1, b.y1, b.z0],
            [b.x1, b.y1, b.z1],
            [b.x0, b.y1, b.z1],
          ],
          paint.top ? this.tone(paint.top) : tint(c, 0.16),
        ),
      );
    }
    if (b.y0 > this.camY) {
      out.push(
        this.quad(
          [
            [b.x0, b.y0, b.z0],
            [b.x1, b.y0, b.z0],
            [b.x1, b.y0, b.z1],
            [b.x0, b.y0, b.z1],
          ],
          paint.bottom ? this.tone(paint.bottom) : shade(c, 0.2),
        ),
      );
    }
    const sideColor = paint.side ? this.tone(paint.side) : shade(c, litLeft ? 0.1 : 0.14);
    if (b.x0 > this.camX) {
      out.push(
        this.quad(
          [
            [b.x0, b.y0, b.z0],
            [b.x0, b.y1, b.z0],
            [b.x0, b.y1, b.z1],
            [b.x0, b.y0, b.z1],
          ],
          sideColor,
        ),
      );
    }
    if (b.x1 < this.camX) {
      out.push(
        this.quad(
          [
            [b.x1, b.y0, b.z0],
            [b.x1, b.y1, b.z0],
            [b.x1, b.y1, b.z1],
            [b.x1, b.y0, b.z1],
          ],
          sideColor,
        ),
      );
    }
    const [fx0, fy0] = this.p(b.x0, b.y1, b.z1);
    const [fx1, fy1] = this.p(b.x1, b.y0, b.z1);
    const front = paint.front ? this.tone(paint.front) : c;
    if (paint.round) {
      const r = Math.min(paint.round * this.k(b.z1), (fx1 - fx0) / 2, (fy1 - fy0) / 2);
      out.push(rect(fx0, fy0, fx1 - fx0, fy1 - fy0, front, { rx: r }));
    } else {
      out.push(
        poly(
          [
            [fx0, fy0],
            [fx1, fy0],
            [fx1, fy1],
            [fx0, fy1],
          ],
          front,
        ),
      );
    }
    if (paint.frontDetail) out.push(paint.frontDetail(fx0, fy0, fx1 - fx0, fy1 - fy0));
    return out.join('');
  }

  /**
   * Draws several boxes back to front. Axis-aligned boxes that do not intersect always have
   * a separating plane; whichever side the camera is on is drawn last.
   */
  boxes(list: ReadonlyArray<readonly [Box, BoxPaint]>): string {
    const before = (a: Box, b: Box): boolean => {
      const eps = 1e-6;
      if (a.z1 <= b.z0 + eps) return true;
      if (b.z1 <= a.z0 + eps) return false;
      if (a.x1 <= b.x0 + eps) return this.camX >= a.x1;
      if (b.x1 <= a.x0 + eps) return this.camX < b.x1;
      if (a.y1 <= b.y0 + eps) return this.camY >= a.y1;
      if (b.y1 <= a.y0 + eps) return this.camY < b.y1;
      return false;
    };
    const remaining = [...list];
    const ordered: Array<readonly [Box, BoxPaint]> = [];
    while (remaining.length > 0) {
      let index = remaining.findIndex(([candidate]) =>
        remaining.every(([other]) => other === candidate || !before(other, candidate)),
      );
      if (index < 0) index = 0;
      const [chosen] = remaining.splice(index, 1);
      if (chosen) ordered.push(chosen);
    }
    return ordered.map(([b, paint]) => this.box(b, paint)).join('');
  }

  /** Screen ellipse of a horizontal circle. */
  disc(
    x: number,
    y: number,
    z: number,
    r: number,
  ): { cx: number; cy: number; rx: number; ry: number } {
    const [cx] = this.p(x, y, z);
    const back = this.p(x, y, z - r)[1];
    const front = this.p(x, y, z + r)[1];
    return { cx, cy: (back + front) / 2, rx: r * this.k(z), ry: Math.abs(front - back) / 2 };
  }

  /** A vertical frustum (pots, lamp shades, table bases); a cylinder when radii match. */
  frustum(
    x: number,
    z: number,
    y0: number,
    y1: number,
    r0: number,
    r1: number,
    color: string,
    cap?: string,
  ): string {
    const b = this.disc(x, y0, z, r0);
    const t = this.disc(x, y1, z, r1);
    const c = this.tone(color);
    const body =
      `M${num(t.cx - t.rx)} ${num(t.cy)}L${num(b.cx - b.rx)} ${num(b.cy)}` +
      `A${num(b.rx)} ${num(Math.max(0.01, b.ry))} 0 0 0 ${num(b.cx + b.rx)} ${num(b.cy)}` +
      `L${num(t.cx + t.rx)} ${num(t.cy)}` +
      `A${num(t.rx)} ${num(Math.max(0.01, t.ry))} 0 0 0 ${num(t.cx - t.rx)} ${num(t.cy)}Z`;
    const out = [path(body, c)];
    if (y1 < this.camY) {
      out.push(ellipse(t.cx, t.cy, t.rx, t.ry, cap ? this.tone(cap) : tint(c, 0.14)));
    } else if (y0 > this.camY) {
      out.push(ellipse(b.cx, b.cy, b.rx, b.ry, cap ? this.tone(cap) : shade(c, 0.2)));
    }
    return out.join('');
  }

  /** Soft contact shadow on the floor under a footprint. */
  shadow(x0: number, x1: number, z0: number, z1: number, opacity = 0.16, spread = 0.06): void {
    const blur = Math.max(2, spread * this.k((z0 + z1) / 2) * 0.8);
    this.floorLayer.push(
      this.floorPoly(
        [
          [x0 - spread, z0 - spread * 0.3],
          [x1 + spread, z0 - spread * 0.3],
          [x1 + spread, z1 + spread],
          [x0 - spread, z1 + spread],
        ],
        '#2a2118',
        0,
        { opacity, filter: this.defs.blur(Math.round(blur)) },
      ),
    );
  }

  /** Darkening on the back wall behind a piece that stands against it. */
  wallShadow(x0: number, x1: number, height: number, opacity = 0.12): void {
    const [ax, ay] = this.p(x0 - 0.03, height + 0.03, 0);
    const [bx, by] = this.p(x1 + 0.03, 0, 0);
    const blur = Math.max(2, 0.05 * this.k(0));
    this.wallLayer.push(
      poly(
        [
          [ax, ay],
          [bx, ay],
          [bx, by],
          [ax, by],
        ],
        '#2a2118',
        { opacity, filter: this.defs.blur(Math.round(blur)) },
      ),
    );
  }

  /** Warm pool of lamp light; only drawn when the lamps are on. */
  glow(x: number, y: number, z: number, radius: number, strength = 0.5): void {
    if (!this.sky.lampsOn) return;
    const [gx, gy] = this.p(x, y, z);
    const r = radius * this.k(z);
    const fill = this.defs.radial(
      [
        [0, '#ffd89a', strength],
        [0.35, '#ffc77a', strength * 0.45],
        [1, '#ffc77a', 0],
      ],
      gx,
      gy,
      r,
    );
    this.glowLayer.push(ellipse(gx, gy, r, r, fill));
  }

  floorGlow(x: number, z: number, radius: number, strength = 0.35): void {
    if (!this.sky.lampsOn) return;
    const d = this.disc(x, 0, z, radius);
    const fill = this.defs.radial(
      [
        [0, '#ffd08a', strength],
        [1, '#ffd08a', 0],
      ],
      d.cx,
      d.cy,
      d.rx,
      d.ry,
    );
    this.floorLightLayer.push(ellipse(d.cx, d.cy, d.rx, d.ry, fill));
  }

  render(outW: number, outH: number, backdrop: string, view: string, mirror: boolean): string {
    const sorted = [...this.items].sort((a, b) => a.z - b.z || a.seq - b.seq);
    const body = [
      backdrop,
      this.openBack ? `<use href="#${this.viewId}"/>` : '',
      ...this.ceilingLayer,
      ...this.wallLayer,
      ...this.floorLayer,
      ...this.floorLightLayer,
      ...sorted.map((item) => item.markup),
      ...this.glowLayer,
    ];
    const content = group(body, mirror ? { transform: `matrix(-1 0 0 1 ${num(this.W)} 0)` } : {});
    this.defs.raw(`<g id="${this.viewId}">${view}</g>`);
    return document(this.W, this.H, outW, outH, this.defs, content);
  }
}
