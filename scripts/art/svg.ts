export type Pt = readonly [number, number];

/** One decimal keeps the markup small; rounding (not toFixed) avoids "-0" and trailing zeros. */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

export function pointsToPath(points: readonly Pt[]): string {
  return `M${points.map(([x, y]) => `${num(x)} ${num(y)}`).join('L')}Z`;
}

function attrs(extra: Record<string, string | number | undefined>): string {
  return Object.entries(extra)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined)
    .map(([key, value]) => ` ${key}="${typeof value === 'number' ? num(value) : value}"`)
    .join('');
}

export type Attrs = Record<string, string | number | undefined>;

export function poly(points: readonly Pt[], fill: string, extra: Attrs = {}): string {
  return `<path d="${pointsToPath(points)}"${attrs({ fill, ...extra })}/>`;
}

export function path(d: string, fill: string, extra: Attrs = {}): string {
  return `<path d="${d}"${attrs({ fill, ...extra })}/>`;
}

export function rect(
  x: number,
  y: number,
  w: number,
  h: number,
  fill: string,
  extra: Attrs = {},
): string {
  return `<rect${attrs({ x, y, width: Math.max(0, w), height: Math.max(0, h), fill, ...extra })}/>`;
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra: Attrs = {},
): string {
  return `<ellipse${attrs({ cx, cy, rx: Math.max(0, rx), ry: Math.max(0, ry), fill, ...extra })}/>`;
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attrs = {}): string {
  return `<circle${attrs({ cx, cy, r: Math.max(0, r), fill, ...extra })}/>`;
}

export function line(a: Pt, b: Pt, stroke: string, width: number, extra: Attrs = {}): string {
  return `<path d="M${num(a[0])} ${num(a[1])}L${num(b[0])} ${num(b[1])}"${attrs({
    fill: 'none',
    stroke,
    'stroke-width': width,
    ...extra,
  })}/>`;
}

export function group(children: readonly string[], extra: Attrs = {}): string {
  return `<g${attrs(extra)}>${children.join('')}</g>`;
}

export type Stop = readonly [offset: number, color: string, opacity?: number];

function stopsMarkup(stops: readonly Stop[]): string {
  return stops
    .map(
      ([offset, color, opacity]) =>
        `<stop offset="${num(offset * 100)}%" stop-color="${color}"${
          opacity === undefined ? '' : ` stop-opacity="${Math.round(opacity * 1000) / 1000}"`
        }/>`,
    )
    .join('');
}

/**
 * Collects <defs> with ids numbered in call order, so the same drawing code always yields
 * the same markup (and therefore the same image bytes).
 */
export class Defs {
  private readonly items: string[] = [];
  private counter = 0;
  private readonly cache = new Map<string, string>();

  constructor(private readonly prefix: string) {}

  private nextId(kind: string): string {
    this.counter += 1;
    return `${this.prefix}${kind}${this.counter}`;
  }

  private memo(key: string, create: (id: string) => string, kind: string): string {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const id = this.nextId(kind);
    this.items.push(create(id));
    this.cache.set(key, id);
    return id;
  }

  /** Gradient in user space from (x1,y1) to (x2,y2); returns a fill value. */
  linear(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const body = stopsMarkup(stops);
    const key = `l|${body}|${num(x1)},${num(y1)},${num(x2)},${num(y2)}`;
    const id = this.memo(
      key,
      (gid) =>
        `<linearGradient id="${gid}" gradientUnits="userSpaceOnUse" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}">${body}</linearGradient>`,
      'g',
    );
    return `url(#${id})`;
  }

  /** Gradient relative to the shape's bounding box, for reusable per-shape shading. */
  linearBox(stops: readonly Stop[], vertical = true): string {
    const body = stopsMarkup(stops);
    const key = `lb|${body}|${vertical}`;
    const id = this.memo(
      key,
      (gid) =>
        `<linearGradient id="${gid}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}">${body}</linearGradient>`,
      'g',
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], cx: number, cy: number, rx: number, ry = rx): string {
    const body = stopsMarkup(stops);
    const key = `r|${body}|${num(cx)},${num(cy)},${num(rx)},${num(ry)}`;
    const scaleY = rx === 0 ? 1 : ry / rx;
    const id = this.memo(
      key,
      (gid) =>
        `<radialGradient id="${gid}" gradientUnits="userSpaceOnUse" cx="0" cy="0" r="1" gradientTransform="translate(${num(cx)} ${num(cy)}) scale(${num(rx)} ${num(rx * scaleY)})">${body}</radialGradient>`,
      'g',
    );
    return `url(#${id})`;
  }

  blur(stdDeviation: number): string {
    const id = this.memo(
      `b|${num(stdDeviation)}`,
      (fid) =>
        `<filter id="${fid}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${num(stdDeviation)}"/></filter>`,
      'f',
    );
    return `url(#${id})`;
  }

  clip(d: string): string {
    const id = this.memo(
      `c|${d}`,
      (cid) => `<clipPath id="${cid}"><path d="${d}"/></clipPath>`,
      'c',
    );
    return `url(#${id})`;
  }

  /** Adds pre-built markup (it must carry its own id). */
  raw(markup: string): void {
    this.items.push(markup);
  }

  markup(): string {
    return `<defs>${this.items.join('')}</defs>`;
  }
}

export function document(
  viewW: number,
  viewH: number,
  outW: number,
  outH: number,
  defs: Defs,
  body: string,
): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${outW}" height="${outH}" viewBox="0 0 ${viewW} ${viewH}">${defs.markup()}${body}</svg>`;
}
