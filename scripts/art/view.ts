import { mix, tint } from './color';
import type { Sky, TimeOfDay } from './palette';
import type { Rng } from './prng';
import type { Defs } from './svg';
import { circle, path, rect } from './svg';

export interface ViewFrame {
  defs: Defs;
  rng: Rng;
  sky: Sky;
  time: TimeOfDay;
  W: number;
  H: number;
  /** Screen y of the horizon. */
  horizon: number;
  /** Screen x where the sun or moon should sit (usually inside the main window). */
  sunX: number;
  /** How far below the horizon the city ground sits; higher floors see more roofs. */
  groundDrop?: number;
}

/** A flat cloud: a row of overlapping circles sitting on a straight base line. */
function drawCloud(
  x: number,
  y: number,
  w: number,
  fill: string,
  opacity: number,
  rng: Rng,
): string {
  const parts: string[] = [];
  const bumps = 3 + Math.floor(rng.next() * 3);
  let d = '';
  for (let i = 0; i < bumps; i++) {
    const t = (i + 0.5) / bumps;
    const r = w * (0.12 + 0.12 * Math.sin(Math.PI * t)) * (0.8 + rng.next() * 0.4);
    const bx = x + w * t;
    d += `M${(bx - r).toFixed(1)} ${y.toFixed(1)}a${r.toFixed(1)} ${r.toFixed(1)} 0 0 1 ${(2 * r).toFixed(1)} 0Z`;
  }
  parts.push(path(d, fill, { opacity }));
  parts.push(rect(x, y - w * 0.04, w, w * 0.04, fill, { opacity, rx: w * 0.02 }));
  return parts.join('');
}

function windowGrid(
  x: number,
  top: number,
  w: number,
  bottom: number,
  cell: number,
  frame: ViewFrame,
  base: string,
): string {
  const { rng, sky } = frame;
  const cols = Math.max(1, Math.floor((w - cell) / (cell * 2)));
  const rows = Math.max(1, Math.floor((bottom - top - cell) / (cell * 2.2)));
  const gap = (w - cols * cell) / (cols + 1);
  let lit = '';
  let dim = '';
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const wx = x + gap + c * (cell + gap);
      const wy = top + cell + r * cell * 2.2;
      const seg = `M${wx.toFixed(1)} ${wy.toFixed(1)}h${cell.toFixed(1)}v${(cell * 1.2).toFixed(1)}h${(-cell).toFixed(1)}Z`;
      if (rng.chance(sky.litShare)) lit += seg;
      else dim += seg;
    }
  }
  const dimColor = frame.time === 'dusk' ? mix(base, '#1e2433', 0.25) : tint(base, 0.22);
  return (
    path(dim, dimColor, { opacity: frame.time === 'dusk' ? 0.6 : 0.45 }) + path(lit, sky.windowLit)
  );
}

function skylineLayer(
  frame: ViewFrame,
  color: string,
  minW: number,
  maxW: number,
  minH: number,
  maxH: number,
  withWindows: boolean,
  base: number,
): string {
  const { rng, W, H, horizon } = frame;
  const parts: string[] = [];
  let x = -rng.range(0, maxW);
  while (x < W) {
    const w = rng.range(minW, maxW) * H;
    const h = rng.range(minH, maxH) * H;
    const top = horizon - h;
    parts.push(rect(x, top, w + 1, base - top, color));
    if (rng.chance(0.3)) {
      const sw = w * rng.range(0.35, 0.6);
      const sx = x + rng.range(0, w - sw);
      parts.push(rect(sx, top - h * 0.12, sw, h * 0.12 + 1, color));
    }
    if (rng.chance(0.15)) {
      const ax = x + w * rng.range(0.3, 0.7);
      parts.push(rect(ax, top - 0.04 * H, 0.003 * H, 0.04 * H, color));
    }
    if (withWindows) parts.push(windowGrid(x, top, w, base, 0.0075 * H, frame, color));
    x += w + rng.range(-0.004, 0.02) * H;
  }
  return parts.join('');
}

function treeBand(frame: ViewFrame, y: number): string {
  const { rng, W, H, sky } = frame;
  const green = mix('#5f8466', sky.mid2, 0.45);
  let d = '';
  let x = -20;
  while (x < W + 20) {
    const r = rng.range(0.025, 0.05) * H;
    d += `M${(x - r).toFixed(1)} ${(y + H).toFixed(1)}V${y.toFixed(1)}a${r.toFixed(1)} ${r.toFixed(1)} 0 0 1 ${(2 * r).toFixed(1)} 0V${(y + H).toFixed(1)}Z`;
    x += r * rng.range(1.2, 1.8);
  }
  return path(d, frame.time === 'dusk' ? mix(green, '#1f2733', 0.5) : green);
}

/** Sky and city seen through the windows, in screen space (it is far enough to ignore parallax). */
export function drawView(frame: ViewFrame): string {
  const { defs, rng, sky, time, W, H, horizon, sunX } = frame;
  const drop = (frame.groundDrop ?? 0.2) * H;
  const out: string[] = [];
  const skyFill = defs.linear(
    [
      [0, sky.top],
      [0.62, sky.mid],
      [1, sky.horizon],
    ],
    0,
    horizon - 0.55 * H,
    0,
    horizon,
  );
  out.push(rect(0, 0, W, H, skyFill));

  if (time === 'morning' || time === 'golden') {
    const sy = horizon - (time === 'morning' ? 0.22 : 0.1) * H;
    const sr = (time === 'morning' ? 0.032 : 0.045) * H;
    const halo = defs.radial(
      [
        [0, sky.sun ?? '#ffffff', 0.85],
        [0.25, sky.sun ?? '#ffffff', 0.35],
        [1, sky.sun ?? '#ffffff', 0],
      ],
      sunX,
      sy,
      sr * 6,
    );
    out.push(circle(sunX, sy, sr * 6, halo));
    out.push(circle(sunX, sy, sr, sky.sun ?? '#ffffff'));
  }
  if (time === 'dusk') {
    const mx = sunX + 0.12 * H;
    const my = horizon - 0.36 * H;
    out.push(circle(mx, my, 0.016 * H, '#f3e4c8'));
    out.push(circle(mx + 0.007 * H, my - 0.004 * H, 0.014 * H, sky.top));
    const stars = rng.fork('stars');
    for (let i = 0; i < 14; i++) {
      out.push(
        circle(stars.range(0, W), stars.range(0, horizon - 0.3 * H), 0.0022 * H, '#f3ead8', {
          opacity: stars.range(0.4, 0.9),
        }),
      );
    }
    const glow = defs.linear(
      [
        [0, '#f0b27f', 0],
        [1, '#f4b98a', 0.55],
      ],
      0,
      horizon - 0.16 * H,
      0,
      horizon,
    );
    out.push(rect(0, horizon - 0.16 * H, W, 0.16 * H, glow));
  }

  const clouds = rng.fork('clouds');
  const cloudCount = time === 'noon' ? 5 : time === 'dusk' ? 3 : 4;
  for (let i = 0; i < cloudCount; i++) {
    const cw = clouds.range(0.14, 0.3) * H;
    const cx = clouds.range(-0.1, 1) * W;
    const cy = horizon - clouds.range(0.14, 0.48) * H;
    out.push(drawCloud(cx, cy, cw, sky.cloud, time === 'dusk' ? 0.35 : 0.75, clouds));
  }

  const base = horizon + drop + H;
  const city = rng.fork('city');
  out.push(skylineLayer({ ...frame, rng: city }, sky.far, 0.03, 0.08, 0.01, 0.07, false, base));
  out.push(
    skylineLayer({ ...frame, rng: city }, sky.mid2, 0.035, 0.08, 0.02, 0.13, time === 'dusk', base),
  );
  const haze = defs.linear(
    [
      [0, sky.horizon, 0],
      [1, sky.horizon, 0.45],
    ],
    0,
    horizon - 0.1 * H,
    0,
    horizon + drop * 0.5,
  );
  out.push(rect(0, horizon - 0.1 * H, W, 0.1 * H + drop, haze));
  const nearRng = rng.fork('near');
  const nearTop = horizon + drop * 0.35;
  let x = -nearRng.range(0, 0.1) * H;
  while (x < W) {
    const w = nearRng.range(0.08, 0.15) * H;
    const top = nearTop - nearRng.range(0, 0.08) * H;
    out.push(rect(x, top, w, base - top, sky.near));
    out.push(windowGrid(x, top, w, base, 0.009 * H, { ...frame, rng: nearRng }, sky.near));
    x += w + nearRng.range(0.03, 0.12) * H;
  }
  out.push(treeBand({ ...frame, rng: rng.fork('trees') }, horizon + drop));
  return out.join('');
}
