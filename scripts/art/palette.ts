/** The brand palette: warm neutrals, one deep teal accent, a sparing terracotta/amber, plant greens. */
export const C = {
  offWhite: '#f6f3ee',
  paper: '#fbf8f3',
  linen: '#efe8dd',
  sand: '#e4d6c1',
  oat: '#d6c7b0',
  clay: '#cdb89c',
  stone: '#b8afa3',
  warmGrey: '#8e867c',
  slate: '#5f5d59',
  charcoal: '#3b3835',
  ink: '#2a2826',
  teal: '#0f766e',
  tealDeep: '#115e59',
  tealDark: '#0b4743',
  tealSoft: '#5a9c93',
  tealPale: '#cfe2dc',
  terracotta: '#c2703d',
  rust: '#a85a32',
  amber: '#d9964a',
  honey: '#e3b26e',
  blush: '#e6c2a6',
  leaf: '#4f7d5b',
  leafDark: '#2f5b45',
  leafLight: '#82a87c',
  sage: '#a9b89d',
  olive: '#7c8a5c',
  woodLight: '#d4ad82',
  wood: '#b98a5d',
  woodDark: '#8c6443',
  walnut: '#6b4a34',
  brass: '#c49a55',
  white: '#fffdf9',
} as const;

export type TimeOfDay = 'morning' | 'noon' | 'golden' | 'dusk';

export interface Sky {
  top: string;
  mid: string;
  horizon: string;
  /** Tones of the three skyline layers, far to near. */
  far: string;
  mid2: string;
  near: string;
  windowGlass: string;
  windowLit: string;
  litShare: number;
  sun: string | undefined;
  cloud: string;
  /** Colour grading applied to everything inside the room. */
  grade: string;
  gradeAmount: number;
  patch: string;
  patchOpacity: number;
  /** Where the sun patch lands: floor offset per metre of window height. */
  patchDepth: number;
  patchSkew: number;
  lampsOn: boolean;
}

export const SKIES: Record<TimeOfDay, Sky> = {
  morning: {
    top: '#9fc6d8',
    mid: '#c9e0e6',
    horizon: '#eef1ea',
    far: '#c7d6da',
    mid2: '#a9bcc2',
    near: '#8ea3a9',
    windowGlass: '#d9e6e8',
    windowLit: '#f4e3c2',
    litShare: 0.04,
    sun: '#fff6df',
    cloud: '#ffffff',
    grade: '#dde7ee',
    gradeAmount: 0.05,
    patch: '#ffffff',
    patchOpacity: 0.3,
    patchDepth: 0.85,
    patchSkew: 0.35,
    lampsOn: false,
  },
  noon: {
    top: '#7fb3cf',
    mid: '#acd0df',
    horizon: '#e6efee',
    far: '#cfd8d6',
    mid2: '#b7c2c0',
    near: '#9aa6a4',
    windowGlass: '#cfe0e3',
    windowLit: '#f2e6cc',
    litShare: 0,
    sun: undefined,
    cloud: '#ffffff',
    grade: '#ffffff',
    gradeAmount: 0.02,
    patch: '#fffaf0',
    patchOpacity: 0.32,
    patchDepth: 0.5,
    patchSkew: 0.12,
    lampsOn: false,
  },
  golden: {
    top: '#e9c3a0',
    mid: '#f2d2a8',
    horizon: '#f8e3bd',
    far: '#e2c3a3',
    mid2: '#c99f82',
    near: '#a77e68',
    windowGlass: '#f3d7b0',
    windowLit: '#ffd99a',
    litShare: 0.12,
    sun: '#fff1cf',
    cloud: '#fbe6cc',
    grade: '#f0ad66',
    gradeAmount: 0.09,
    patch: '#ffcf86',
    patchOpacity: 0.36,
    patchDepth: 1.35,
    patchSkew: -0.55,
    lampsOn: false,
  },
  dusk: {
    top: '#2c4a5c',
    mid: '#6f7f93',
    horizon: '#e0a57e',
    far: '#6e6f84',
    mid2: '#4b5066',
    near: '#363b4e',
    windowGlass: '#4d5b70',
    windowLit: '#ffc877',
    litShare: 0.3,
    sun: undefined,
    cloud: '#b98f8f',
    grade: '#5e4b43',
    gradeAmount: 0.2,
    patch: '#ffd7a0',
    patchOpacity: 0,
    patchDepth: 1,
    patchSkew: 0,
    lampsOn: true,
  },
};

/** Book spines and small objects: a muted mix so shelves look lived-in but stay on-brand. */
export const SPINES = [
  C.teal,
  C.tealSoft,
  C.terracotta,
  C.sand,
  C.oat,
  C.stone,
  C.charcoal,
  C.honey,
  C.sage,
  C.linen,
  C.rust,
  C.warmGrey,
] as const;
