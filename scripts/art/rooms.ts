import { drawBed, drawDesk, drawNightstand, drawWardrobe } from './bedroom';
import { shade, tint } from './color';
import {
  drawArt,
  drawBookcase,
  drawPlant,
  drawVase,
  drawWallShelves,
  type ArtKind,
  type PlantKind,
} from './decor';
import {
  drawArmchair,
  drawBench,
  drawCoffeeTable,
  drawFloorLamp,
  drawPendant,
  drawRoundTable,
  drawRug,
  drawSideTable,
  drawSofa,
  type LampKind,
  type PendantKind,
  type RugSpec,
} from './furniture';
import { drawDiningSet, drawIsland, drawKitchenRun, drawStool } from './kitchen';
import { C } from './palette';
import type { Scene } from './scene';
import { drawBackWindow, drawCurtains, drawShell, drawSideWindow, type FloorKind } from './shell';
import { num, rect } from './svg';

export interface Surfaces {
  wall: string;
  floor: FloorKind;
  floorColor: string;
  frame?: string;
}

function shell(s: Scene, f: Surfaces, open = false): void {
  drawShell(s, { wall: f.wall, floor: f.floor, floorColor: f.floorColor, open });
}

export interface LivingOpts extends Surfaces {
  layout: 'windowRight' | 'underWindow' | 'sideWindow';
  sofa: string;
  pillows: string[];
  rug: Omit<RugSpec, 'x' | 'z' | 'w' | 'd'>;
  art: ArtKind;
  artColors?: string[];
  lamp: LampKind;
  lampShade: string;
  plant: PlantKind;
  armchair?: string;
  table: 'rect' | 'round' | 'block';
  tableColor: string;
  curtains?: string;
}

function coffeeTable(
  s: Scene,
  kind: LivingOpts['table'],
  cx: number,
  z: number,
  color: string,
): void {
  if (kind === 'round') drawRoundTable(s, cx, z + 0.35, 0.42, 0.4, color);
  else drawCoffeeTable(s, { x: cx - 0.6, z, w: 1.2, d: 0.62, color, solid: kind === 'block' });
}

export function livingRoom(s: Scene, o: LivingOpts): void {
  shell(s, o);
  const W = s.roomW;
  if (o.layout === 'windowRight') {
    drawBackWindow(s, {
      x0: W - 2.75,
      x1: W - 0.85,
      y0: 0.55,
      y1: 2.45,
      panes: 2,
      wall: o.wall,
      frame: o.frame,
    });
    if (o.curtains) drawCurtains(s, { x0: W - 2.75, x1: W - 0.85, top: 2.62, color: o.curtains });
    drawArt(s, {
      x: 2.1,
      y: 1.62,
      w: 1.0,
      h: 0.72,
      kind: o.art,
      ...(o.artColors ? { colors: o.artColors } : {}),
    });
    drawSofa(s, {
      x: 0.95,
      w: 2.3,
      color: o.sofa,
      pillows: o.pillows,
    });
    drawFloorLamp(s, 0.5, 0.35, o.lamp, o.lampShade);
    drawRug(s, { ...o.rug, x: 0.6, z: 0.85, w: 3.3, d: 2.3 });
    coffeeTable(s, o.table, 2.1, 1.35, o.tableColor);
    if (o.armchair) drawArmchair(s, { x: W - 2.45, z: 1.25, color: o.armchair, facing: 'left' });
    drawPlant(s, { x: W - 0.45, z: 0.45, kind: o.plant, size: 1.1 });
  } else if (o.layout === 'underWindow') {
    const cx = W / 2 + 0.2;
    drawBackWindow(s, {
      x0: cx - 1.5,
      x1: cx + 1.5,
      y0: 0.95,
      y1: 2.45,
      panes: 3,
      wall: o.wall,
      frame: o.frame,
    });
    if (o.curtains)
      drawCurtains(s, { x0: cx - 1.5, x1: cx + 1.5, top: 2.62, color: o.curtains, sheer: true });
    drawBookcase(s, { x0: 0.25, x1: 1.25, h: 2.05, color: C.woodLight, rows: 4, cols: 1 });
    drawSofa(s, {
      x: cx - 1.2,
      w: 2.4,
      color: o.sofa,
      pillows: o.pillows,
    });
    drawFloorLamp(s, cx + 1.55, 0.45, o.lamp, o.lampShade);
    drawRug(s, { ...o.rug, x: cx - 1.7, z: 0.85, w: 3.4, d: 2.3 });
    coffeeTable(s, o.table, cx, 1.35, o.tableColor);
    if (o.armchair) drawArmchair(s, { x: 1.3, z: 1.2, color: o.armchair, facing: 'right' });
    drawPlant(s, { x: W - 0.45, z: 0.45, kind: o.plant, size: 1.15 });
  } else {
    drawSideWindow(s, {
      side: 'left',
      z0: 0.5,
      z1: 2.3,
      y0: 0.5,
      y1: 2.45,
      panes: 2,
      wall: o.wall,
      frame: o.frame,
    });
    // The camera stands near the left wall here, so the room is laid out from that wall.
    const sx = 1.5;
    drawArt(s, {
      x: sx + 0.8,
      y: 1.65,
      w: 0.7,
      h: 0.9,
      kind: o.art,
      ...(o.artColors ? { colors: o.artColors } : {}),
    });
    drawArt(s, {
      x: sx + 1.65,
      y: 1.55,
      w: 0.5,
      h: 0.6,
      kind: 'circles',
      colors: [C.teal, C.honey, C.oat],
    });
    drawSofa(s, {
      x: sx,
      w: 2.3,
      color: o.sofa,
      pillows: o.pillows,
    });
    drawWallShelves(s, {
      x0: sx + 2.5,
      x1: sx + 3.4,
      ys: [1.4, 1.8],
      color: C.wood,
      items: ['books', 'plant'],
    });
    drawSideTable(s, sx + 2.65, 0.4, C.woodLight, o.lampShade);
    drawRug(s, { ...o.rug, x: sx - 0.35, z: 0.85, w: 3.1, d: 2.2 });
    coffeeTable(s, o.table, sx + 1.15, 1.35, o.tableColor);
    if (o.armchair) drawArmchair(s, { x: 0.3, z: 1.45, color: o.armchair, facing: 'right' });
    drawPlant(s, { x: 0.45, z: 0.4, kind: o.plant, size: 1.1 });
    drawFloorLamp(s, W - 0.45, 0.5, o.lamp, o.lampShade);
  }
}

export interface KitchenOpts extends Surfaces {
  layout: 'windowCenter' | 'sideWindow';
  cabinets: string;
  upper: 'cabinets' | 'shelves';
  upperColor?: string;
  counter: string;
  backsplash?: string;
  handle: string;
  islandColor: string;
  islandTop: string;
  stools: string;
  stoolLegs: string;
  pendant: PendantKind;
  pendantColor: string;
  plant: PlantKind;
}

export function kitchen(s: Scene, o: KitchenOpts): void {
  shell(s, o);
  const W = s.roomW;
  if (o.layout === 'windowCenter') {
    const wx0 = W / 2 - 0.95;
    const wx1 = W / 2 + 0.75;
    drawKitchenRun(s, {
      x0: 0.35,
      x1: W - 0.35,
      color: o.cabinets,
      counter: o.counter,
      handle: o.handle,
      upper: o.upper,
      ...(o.upperColor ? { upperColor: o.upperColor } : {}),
      ...(o.backsplash ? { backsplash: o.backsplash } : {}),
      sinkAt: (wx0 + wx1) / 2,
      hobAt: 1.5,
      tallAt: 'right',
      upperSpans: [
        [0.35, wx0 - 0.2],
        [wx1 + 0.2, W - 0.97],
      ],
    });
    drawBackWindow(s, {
      x0: wx0,
      x1: wx1,
      y0: 1.12,
      y1: 2.3,
      panes: 2,
      wall: o.wall,
      frame: o.frame,
      sill: false,
    });
    drawPlant(s, { x: wx1 - 0.25, z: 0.3, y: 0.92, kind: 'fern', pot: C.white, size: 0.32 });
    drawIsland(s, {
      x0: W / 2 - 1.15,
      x1: W / 2 + 1.15,
      z0: 1.3,
      z1: 2.1,
      color: o.islandColor,
      top: o.islandTop,
    });
    for (const dx of [-0.75, 0, 0.75]) drawStool(s, W / 2 + dx, 2.38, 0.68, o.stools, o.stoolLegs);
    for (const dx of [-0.7, 0, 0.7])
      drawPendant(s, W / 2 + dx, 1.7, 1.78, o.pendant, o.pendantColor);
  } else {
    drawKitchenRun(s, {
      x0: 1.0,
      x1: W - 0.3,
      color: o.cabinets,
      counter: o.counter,
      handle: o.handle,
      upper: o.upper,
      ...(o.upperColor ? { upperColor: o.upperColor } : {}),
      ...(o.backsplash ? { backsplash: o.backsplash } : {}),
      sinkAt: 2.2,
      hobAt: W - 1.6,
      tallAt: 'right',
      upperSpans: [[1.0, W - 0.92]],
    });
    drawSideWindow(s, {
      side: 'left',
      z0: 0.45,
      z1: 2.0,
      y0: 0.85,
      y1: 2.4,
      panes: 2,
      wall: o.wall,
      frame: o.frame,
    });
    drawPlant(s, { x: 0.45, z: 0.4, kind: o.plant, size: 1.15 });
    drawDiningSet(s, {
      x0: W / 2 - 0.9,
      x1: W / 2 + 0.9,
      z0: 1.6,
      z1: 2.45,
      color: o.islandTop,
      chair: o.stools,
      perSide: 2,
      frontChairs: false,
    });
    drawPendant(s, W / 2, 2.02, 1.6, o.pendant, o.pendantColor);
  }
}

export interface BedroomOpts extends Surfaces {
  layout: 'windowRight' | 'underWindow' | 'sideWindow';
  headboard: string;
  bedFrame: string;
  duvet: string;
  throwColor: string;
  pillows: string[];
  art: ArtKind;
  artColors?: string[];
  curtains: string;
  rug: Omit<RugSpec, 'x' | 'z' | 'w' | 'd'>;
  lampShade: string;
  plant: PlantKind;
  nightstand: string;
  extra?: 'wardrobe' | 'bench' | 'armchair';
  extraColor?: string;
}

export function bedroom(s: Scene, o: BedroomOpts): void {
  shell(s, o);
  const W = s.roomW;
  const bedW = 1.7;
  let bedX = W / 2 - bedW / 2;
  if (o.layout === 'windowRight') {
    bedX = W / 2 - 1.35;
    drawBackWindow(s, {
      x0: W - 1.95,
      x1: W - 0.55,
      y0: 0.6,
      y1: 2.4,
      panes: 1,
      wall: o.wall,
      frame: o.frame,
    });
    drawCurtains(s, { x0: W - 1.95, x1: W - 0.55, top: 2.6, color: o.curtains, panel: 0.36 });
    drawArt(s, {
      x: bedX + bedW / 2,
      y: 1.68,
      w: 1.3,
      h: 0.62,
      kind: o.art,
      ...(o.artColors ? { colors: o.artColors } : {}),
    });
  } else if (o.layout === 'underWindow') {
    drawBackWindow(s, {
      x0: bedX - 0.35,
      x1: bedX + bedW + 0.35,
      y0: 1.3,
      y1: 2.4,
      panes: 2,
      wall: o.wall,
      frame: o.frame,
    });
    drawCurtains(s, {
      x0: bedX - 0.35,
      x1: bedX + bedW + 0.35,
      top: 2.58,
      color: o.curtains,
      panel: 0.34,
    });
  } else {
    bedX = 1.7;
    drawSideWindow(s, {
      side: 'left',
      z0: 0.6,
      z1: 2.1,
      y0: 0.6,
      y1: 2.4,
      panes: 2,
      wall: o.wall,
      frame: o.frame,
    });
    drawArt(s, {
      x: bedX + bedW / 2 - 0.38,
      y: 1.62,
      w: 0.55,
      h: 0.72,
      kind: o.art,
      ...(o.artColors ? { colors: o.artColors } : {}),
    });
    drawArt(s, {
      x: bedX + bedW / 2 + 0.38,
      y: 1.62,
      w: 0.55,
      h: 0.72,
      kind: 'arches',
      colors: [C.terracotta, C.sand, C.teal],
    });
  }
  drawNightstand(s, bedX - 0.36, o.nightstand, o.lampShade);
  drawNightstand(s, bedX + bedW + 0.36, o.nightstand, o.lampShade);
  drawRug(s, { ...o.rug, x: bedX - 0.7, z: 1.1, w: bedW + 1.4, d: 2.0 });
  drawBed(s, {
    x: bedX,
    w: bedW,
    frame: o.bedFrame,
    headboard: o.headboard,
    duvet: o.duvet,
    throwColor: o.throwColor,
    pillows: o.pillows,
  });
  const extraColor = o.extraColor ?? C.oat;
  if (o.extra === 'wardrobe') {
    if (o.layout === 'sideWindow') drawWardrobe(s, W - 1.5, W - 0.1, extraColor, C.brass);
    else drawWardrobe(s, 0.15, 1.3, extraColor, C.brass);
  } else if (o.extra === 'bench') {
    drawBench(s, bedX + 0.25, 2.35, bedW - 0.5, C.woodLight, extraColor);
  } else if (o.extra === 'armchair') {
    drawArmchair(s, {
      x: o.layout === 'windowRight' ? W - 1.3 : 0.95,
      z: 1.45,
      color: extraColor,
      facing: o.layout === 'windowRight' ? 'left' : 'right',
    });
  }
  if (o.layout === 'sideWindow') drawPlant(s, { x: 0.5, z: 0.4, kind: o.plant, size: 1.05 });
  else drawPlant(s, { x: W - 0.4, z: 0.4, kind: o.plant, size: 1.05 });
}

export interface StudioOpts extends Surfaces {
  cabinets: string;
  counter: string;
  handle: string;
  headboard: string;
  duvet: string;
  throwColor: string;
  pillows: string[];
  tableColor: string;
  chair: string;
  pendant: PendantKind;
  pendantColor: string;
  plant: PlantKind;
  rug: Omit<RugSpec, 'x' | 'z' | 'w' | 'd'>;
}

/** One room doing everything: kitchenette, a bed by the wall and a small table between. */
export function studio(s: Scene, o: StudioOpts): void {
  shell(s, o);
  const W = s.roomW;
  const kx1 = Math.min(2.5, W * 0.34);
  drawKitchenRun(s, {
    x0: 0.25,
    x1: kx1,
    color: o.cabinets,
    counter: o.counter,
    handle: o.handle,
    upper: 'shelves',
    upperColor: C.woodLight,
    hobAt: 0.85,
    sinkAt: kx1 - 0.5,
  });
  const bedW = 1.4;
  const bedX = W - bedW - 0.2;
  const wx0 = kx1 + 0.45;
  const wx1 = bedX - 0.65;
  drawBackWindow(s, {
    x0: wx0,
    x1: wx1,
    y0: 0.6,
    y1: 2.45,
    panes: 2,
    wall: o.wall,
    frame: o.frame,
  });
  drawArt(s, {
    x: bedX + bedW / 2,
    y: 1.62,
    w: 0.9,
    h: 0.6,
    kind: 'hills',
    colors: [C.sage, C.honey, C.teal],
  });
  drawNightstand(s, bedX - 0.32, C.woodLight, C.linen);
  drawRug(s, { ...o.rug, x: bedX - 0.5, z: 1.3, w: bedW + 0.8, d: 1.6 });
  drawBed(s, {
    x: bedX,
    w: bedW,
    len: 1.95,
    frame: C.woodLight,
    headboard: o.headboard,
    duvet: o.duvet,
    throwColor: o.throwColor,
    pillows: o.pillows,
  });
  const tx = (wx0 + wx1) / 2 - 0.2;
  drawRoundTable(s, tx, 1.95, 0.42, 0.74, o.tableColor);
  drawStool(s, tx - 0.72, 1.95, 0.46, o.chair, C.walnut);
  drawStool(s, tx + 0.72, 1.95, 0.46, o.chair, C.walnut);
  drawPendant(s, tx, 1.95, 1.55, o.pendant, o.pendantColor);
  drawPlant(s, { x: wx1 + 0.05, z: 0.45, kind: o.plant, size: 0.95 });
}

export interface NookOpts extends Surfaces {
  chair: string;
  pillow: string;
  bookcase: string;
  lamp: LampKind;
  lampShade: string;
  curtains: string;
  rug: Omit<RugSpec, 'x' | 'z' | 'w' | 'd'>;
  plant: PlantKind;
}

export function readingNook(s: Scene, o: NookOpts): void {
  shell(s, o);
  const W = s.roomW;
  drawBookcase(s, { x0: 0.25, x1: 2.0, h: 2.3, color: o.bookcase, rows: 5, cols: 2 });
  const wx0 = 2.55;
  const wx1 = W - 0.8;
  drawBackWindow(s, {
    x0: wx0,
    x1: wx1,
    y0: 0.35,
    y1: 2.5,
    panes: 2,
    transom: 1.95,
    wall: o.wall,
    frame: o.frame,
  });
  drawCurtains(s, { x0: wx0, x1: wx1, top: 2.65, color: o.curtains, sheer: true, panel: 0.34 });
  drawRug(s, { ...o.rug, x: 2.35, z: 0.9, w: 2.0, d: 2.0, pattern: 'round' });
  const chairX = (wx0 + wx1) / 2 - 0.45;
  drawArmchair(s, { x: chairX, z: 1.0, w: 0.9, d: 0.85, color: o.chair, pillow: o.pillow });
  drawFloorLamp(s, chairX - 0.35, 1.1, o.lamp, o.lampShade);
  drawSideTable(s, chairX + 1.2, 1.3, C.woodLight, undefined);
  s.add(1.51, drawVase(s, chairX + 1.2, 0.55, 1.3, C.teal, true));
  drawRoundTable(s, chairX + 0.45, 2.25, 0.24, 0.38, o.chair === C.oat ? C.teal : C.oat);
  drawPlant(s, { x: W - 0.4, z: 0.45, kind: o.plant, size: 1.2 });
}

export interface OfficeOpts extends Surfaces {
  desk: string;
  deskLegs: string;
  chair: string;
  lampShade: string;
  shelf: string;
  plant: PlantKind;
  rug: Omit<RugSpec, 'x' | 'z' | 'w' | 'd'>;
  art: ArtKind;
}

export function office(s: Scene, o: OfficeOpts): void {
  shell(s, o);
  const W = s.roomW;
  const dx0 = W / 2 - 1.25;
  const dx1 = W / 2 + 0.45;
  drawBackWindow(s, {
    x0: dx1 + 0.45,
    x1: W - 0.5,
    y0: 0.7,
    y1: 2.45,
    panes: 1,
    wall: o.wall,
    frame: o.frame,
  });
  drawWallShelves(s, {
    x0: dx0 + 0.05,
    x1: dx1 - 0.05,
    ys: [1.6, 2.0],
    color: o.shelf,
    items: ['plant', 'books'],
  });
  drawArt(s, {
    x: 0.95,
    y: 1.55,
    w: 0.75,
    h: 1.0,
    kind: o.art,
    colors: [C.teal, C.terracotta, C.oat],
  });
  drawRug(s, { ...o.rug, x: dx0 - 0.3, z: 0.9, w: dx1 - dx0 + 0.6, d: 2.0 });
  drawDesk(s, {
    x0: dx0,
    x1: dx1,
    z: 0.05,
    color: o.desk,
    legColor: o.deskLegs,
    chair: o.chair,
    lamp: o.lampShade,
  });
  drawPlant(s, { x: dx1 + 0.1, z: 0.35, kind: 'snake', size: 0.8, pot: C.white });
  drawPlant(s, { x: W - 0.4, z: 0.95, kind: o.plant, size: 1.35, pot: C.terracotta });
  drawFloorLamp(s, 0.55, 0.6, 'tripod', o.lampShade);
}

export interface DiningOpts extends Surfaces {
  table: string;
  chair: string;
  seat?: string;
  sideboard: string;
  pendant: PendantKind;
  pendantColor: string;
  art: ArtKind;
  artColors?: string[];
  curtains: string;
  plant: PlantKind;
}

export function dining(s: Scene, o: DiningOpts): void {
  shell(s, o);
  const W = s.roomW;
  const cx = W / 2 + 0.6;
  drawBackWindow(s, {
    x0: 0.55,
    x1: 2.05,
    y0: 0.6,
    y1: 2.4,
    panes: 1,
    wall: o.wall,
    frame: o.frame,
  });
  drawCurtains(s, { x0: 0.55, x1: 2.05, top: 2.6, color: o.curtains, panel: 0.32 });
  drawArt(s, {
    x: cx,
    y: 1.68,
    w: 1.25,
    h: 0.72,
    kind: o.art,
    ...(o.artColors ? { colors: o.artColors } : {}),
  });
  const sideboard = (fx: number, fy: number, fw: number, fh: number): string => {
    const seam = shade(s.tone(o.sideboard), 0.2);
    let out = '';
    for (let i = 1; i < 4; i++) out += rect(fx + (fw * i) / 4 - 0.6 * s.u, fy, 1.2 * s.u, fh, seam);
    return out;
  };
  s.shadow(cx - 0.95, cx + 0.95, 0, 0.45, 0.16, 0.05);
  s.wallShadow(cx - 0.95, cx + 0.95, 0.8, 0.1);
  s.add(
    0.45,
    s.boxes([
      [
        { x0: cx - 0.95, x1: cx + 0.95, y0: 0.14, y1: 0.8, z0: 0, z1: 0.45 },
        { color: o.sideboard, frontDetail: sideboard },
      ],
      [{ x0: cx - 0.9, x1: cx - 0.86, y0: 0, y1: 0.14, z0: 0.36, z1: 0.4 }, { color: C.walnut }],
      [{ x0: cx + 0.86, x1: cx + 0.9, y0: 0, y1: 0.14, z0: 0.36, z1: 0.4 }, { color: C.walnut }],
    ]) +
      drawVase(s, cx - 0.55, 0.8, 0.22, C.terracotta, true) +
      s.frustum(cx + 0.5, 0.22, 0.8, 0.88, 0.08, 0.15, C.oat, shade(C.oat, 0.2)),
  );
  drawDiningSet(s, {
    x0: cx - 1.05,
    x1: cx + 1.05,
    z0: 1.3,
    z1: 2.15,
    color: o.table,
    chair: o.chair,
    ...(o.seat ? { seat: o.seat } : {}),
    perSide: 3,
    frontChairs: false,
  });
  drawPendant(s, cx - 0.5, 1.72, 1.62, o.pendant, o.pendantColor);
  drawPendant(s, cx + 0.5, 1.72, 1.62, o.pendant, o.pendantColor);
  drawPlant(s, { x: W - 0.45, z: 0.45, kind: o.plant, size: 1.2 });
}

export interface TerraceOpts {
  deck: string;
  facade: string;
  sofa: string;
  cushions: string[];
  planter: string;
  rail: string;
}

function drawRailing(s: Scene, rail: string): void {
  const W = s.roomW;
  const panel = s.tone(tint(C.tealPale, 0.3));
  const parts: string[] = [];
  const [ax, ay] = s.p(0, 1.05, 0);
  const [bx, by] = s.p(W, 0, 0);
  parts.push(rect(ax, ay, bx - ax, by - ay, panel, { opacity: 0.28 }));
  parts.push(
    s.boxes([
      [
        { x0: -0.5, x1: W + 0.5, y0: -0.25, y1: 0, z0: -0.06, z1: 0 },
        { color: shade(s.tone(C.sand), 0.05) },
      ],
      [{ x0: -0.5, x1: W + 0.5, y0: 1.0, y1: 1.06, z0: -0.03, z1: 0.03 }, { color: rail }],
    ]),
  );
  for (let x = 0.6; x < W; x += 1.4) {
    parts.push(
      s.box(
        { x0: x - 0.025, x1: x + 0.025, y0: 0, y1: 1.0, z0: -0.025, z1: 0.025 },
        { color: rail },
      ),
    );
  }
  s.add(0.03, parts.join(''));
}

function drawLantern(s: Scene, x: number, z: number): void {
  const lit = s.sky.lampsOn;
  const glass = lit ? '#ffe2a8' : tint(C.tealPale, 0.4);
  const body =
    s.box(
      { x0: x - 0.13, x1: x + 0.13, y0: 0, y1: 0.04, z0: z - 0.13, z1: z + 0.13 },
      { color: C.charcoal },
    ) +
    s.box(
      { x0: x - 0.11, x1: x + 0.11, y0: 0.04, y1: 0.36, z0: z - 0.11, z1: z + 0.11 },
      { color: glass, front: glass, side: shade(glass, 0.08) },
    ) +
    s.frustum(x, z, 0.1, 0.22, 0.035, 0.03, lit ? '#fff4d6' : C.white) +
    s.box(
      { x0: x - 0.11, x1: x - 0.09, y0: 0.04, y1: 0.36, z0: z + 0.09, z1: z + 0.11 },
      { color: C.charcoal },
    ) +
    s.box(
      { x0: x + 0.09, x1: x + 0.11, y0: 0.04, y1: 0.36, z0: z + 0.09, z1: z + 0.11 },
      { color: C.charcoal },
    ) +
    s.frustum(x, z, 0.36, 0.44, 0.14, 0.06, C.charcoal);
  const [hx, hy] = s.p(x, 0.5, z);
  const handle = `<ellipse cx="${num(hx)}" cy="${num(hy)}" rx="${num(0.06 * s.k(z))}" ry="${num(0.05 * s.k(z))}" fill="none" stroke="${s.tone(C.charcoal)}" stroke-width="${num(2.5 * s.u)}"/>`;
  s.glow(x, 0.22, z, 0.7, 0.65);
  s.floorGlow(x, z + 0.2, 0.9, 0.3);
  s.shadow(x - 0.13, x + 0.13, z - 0.13, z + 0.13, 0.14, 0.03);
  s.add(z + 0.13, handle + body);
}

/** Recessed downlights in the terrace soffit; only noticeable once they are switched on. */
function drawSoffitLights(s: Scene): void {
  for (const x of [s.roomW * 0.25, s.roomW * 0.5, s.roomW * 0.75]) {
    const d = s.disc(x, s.roomH - 0.001, 1.2, 0.07);
    const fill = s.sky.lampsOn ? '#fff3d2' : s.tone(tint(C.stone, 0.4));
    s.ceilingLayer.push(
      `<ellipse cx="${num(d.cx)}" cy="${num(d.cy)}" rx="${num(d.rx)}" ry="${num(Math.max(d.ry, 1.5 * s.u))}" fill="${fill}"/>`,
    );
    s.glow(x, s.roomH - 0.15, 1.2, 0.5, 0.45);
  }
}

/** A covered terrace: no back wall, just a railing and the city beyond. */
export function terrace(s: Scene, o: TerraceOpts): void {
  drawShell(s, {
    wall: o.facade,
    floor: 'planksAcross',
    floorColor: o.deck,
    open: true,
    ceiling: tint(o.facade, 0.2),
  });
  drawRailing(s, o.rail);
  const W = s.roomW;
  const sx = 0.9;
  drawSofa(s, {
    x: sx,
    z: 0.25,
    w: 2.3,
    d: 0.85,
    color: o.sofa,
    pillows: o.cushions,
    legColor: C.wood,
    legH: 0.14,
  });
  drawRug(s, {
    x: sx - 0.2,
    z: 1.0,
    w: 2.7,
    d: 1.7,
    color: C.linen,
    accent: C.terracotta,
    pattern: 'stripes',
  });
  drawRoundTable(s, sx + 1.15, 1.75, 0.36, 0.42, C.woodLight);
  s.add(2.12, drawVase(s, sx + 1.1, 0.42, 1.75, C.terracotta, true));
  drawArmchair(s, {
    x: W - 2.55,
    z: 1.35,
    color: o.cushions[0] ?? C.oat,
    facing: 'left',
    legColor: C.wood,
  });
  const planter = (x0: number, x1: number, kind: PlantKind, size: number): void => {
    s.shadow(x0, x1, 0.1, 0.55, 0.16, 0.05);
    s.add(
      0.56,
      s.box({ x0, x1, y0: 0, y1: 0.5, z0: 0.1, z1: 0.55 }, { color: o.planter }) +
        s.quad(
          [
            [x0 + 0.04, 0.501, 0.14],
            [x1 - 0.04, 0.501, 0.14],
            [x1 - 0.04, 0.501, 0.51],
            [x0 + 0.04, 0.501, 0.51],
          ],
          s.tone(C.walnut),
        ),
    );
    for (let x = x0 + 0.2; x < x1 - 0.1; x += 0.35)
      drawPlant(s, { x, z: 0.33, y: 0.42, kind, size, potSize: 0.001 });
  };
  planter(W - 2.5, W - 1.0, 'fern', 0.6);
  drawPlant(s, { x: W - 0.5, z: 0.45, kind: 'olive', size: 1.9, pot: C.terracotta, potSize: 0.22 });
  drawPlant(s, { x: 0.4, z: 0.6, kind: 'snake', size: 0.9, pot: C.charcoal });
  drawLantern(s, sx + 2.65, 0.6);
  drawSoffitLights(s);
}

export interface OpenPlanOpts extends Surfaces {
  cabinets: string;
  counter: string;
  handle: string;
  sofa: string;
  pillows: string[];
  stools: string;
  rug: Omit<RugSpec, 'x' | 'z' | 'w' | 'd'>;
  plant: PlantKind;
  lampShade: string;
}

/** Kitchen on the left, sitting area on the right, one long window between. */
export function openPlan(s: Scene, o: OpenPlanOpts): void {
  shell(s, o);
  const W = s.roomW;
  drawKitchenRun(s, {
    x0: 0.3,
    x1: 3.2,
    color: o.cabinets,
    counter: o.counter,
    handle: o.handle,
    upper: 'shelves',
    upperColor: C.woodLight,
    hobAt: 1.0,
    sinkAt: 2.45,
  });
  const wx0 = 3.7;
  const wx1 = W - 1.0;
  drawBackWindow(s, {
    x0: wx0,
    x1: wx1,
    y0: 0.12,
    y1: 2.5,
    panes: 4,
    transom: 2.1,
    wall: o.wall,
    frame: o.frame,
    sill: false,
  });
  drawIsland(s, { x0: 1.0, x1: 2.7, z0: 1.05, z1: 1.7, color: o.cabinets, top: o.counter });
  drawStool(s, 1.45, 1.98, 0.68, o.stools, C.charcoal);
  drawStool(s, 2.25, 1.98, 0.68, o.stools, C.charcoal);
  const sc = (wx0 + wx1) / 2;
  drawRug(s, { ...o.rug, x: sc - 1.7, z: 1.0, w: 3.4, d: 1.9 });
  drawSofa(s, { x: sc - 1.15, z: 0.45, w: 2.3, d: 0.9, color: o.sofa, pillows: o.pillows });
  drawCoffeeTable(s, { x: sc - 0.6, z: 1.7, w: 1.2, d: 0.6, color: C.woodLight });
  drawPlant(s, { x: W - 0.5, z: 0.45, kind: o.plant, size: 1.2 });
  drawPlant(s, { x: W - 0.75, z: 1.6, kind: 'snake', size: 0.75, pot: C.white });
  drawFloorLamp(s, sc - 1.75, 0.55, 'arc', o.lampShade);
}
