/** The app's answers as `npm run bench` records them for its ceilings (bench/ceiling.ts). */

/** One answer as bench/run.ts recorded it from the app. */
export interface Answer {
  method: string;
  path: string;
  status: number;
  /** The app's headers, by lower-case name, but for those Node writes itself (SET_BY_NODE). */
  headers: Record<string, string | string[]>;
  /** Base64. */
  body: string;
}

/** Headers a `node:http` server writes on its own (or from the body): never copied. */
export const SET_BY_NODE = [
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
];
