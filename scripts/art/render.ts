import type { TimeOfDay } from './palette';
import { Scene, type RoomSpec } from './scene';
import { drawView } from './view';

export interface InteriorDef {
  id: string;
  alt: string;
  time: TimeOfDay;
  room: RoomSpec;
  /** Flip the finished picture horizontally; perspective and light stay consistent. */
  mirror?: boolean;
  /** How far below the horizon the city ground sits in the window view. */
  groundDrop?: number;
  compose: (s: Scene) => void;
}

/** Builds the SVG for one interior at a design size, rendered at the output size. */
export function interiorSvg(
  def: InteriorDef,
  W: number,
  H: number,
  outW: number,
  outH: number,
): string {
  const s = new Scene(W, H, def.id, def.time, def.room);
  def.compose(s);
  const view = drawView({
    defs: s.defs,
    rng: s.rng.fork('view'),
    sky: s.sky,
    time: s.time,
    W,
    H,
    horizon: s.cy,
    sunX: s.sunX ?? W * 0.6,
    ...(def.groundDrop === undefined ? {} : { groundDrop: def.groundDrop }),
  });
  return s.render(outW, outH, '', view, def.mirror ?? false);
}
