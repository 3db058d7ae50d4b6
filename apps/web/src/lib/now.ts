import { useSyncExternalStore } from 'react';

/**
 * The time pages are drawn at, to the minute. A page drawn on the server is taken over in the
 * browser from the server's instant (the markup must match it, or React throws the page away and
 * draws it again); right after, the browser's own clock takes over, and the page follows it as
 * the minutes pass.
 */
let drawnAt: () => number | undefined = () => undefined;

/** The server's instant for the page being drawn (entry-server.tsx) or taken over (main.tsx). */
export function setDrawnAt(read: () => number | undefined): void {
  drawnAt = read;
}

const MINUTE = 60_000;
const thisMinute = () => Math.floor(Date.now() / MINUTE) * MINUTE;
const everyMinute = (onChange: () => void) => {
  const timer = setInterval(onChange, MINUTE);
  return () => clearInterval(timer);
};

/** Now, to the minute. */
export function useNow(): Date {
  return new Date(useSyncExternalStore(everyMinute, thisMinute, () => drawnAt() ?? thisMinute()));
}

/**
 * Today's date (YYYY-MM-DD) in the building's calendar, wherever the reader is; in the reader's
 * own until the building's time zone is known.
 */
export function useToday(timeZone: string | undefined): string {
  return dayIn(useNow(), timeZone);
}

/** The day `instant` falls on in `timeZone`, or where the page's reader is. */
export function dayIn(instant: Date, timeZone: string | undefined): string {
  const zone = timeZone ?? readerClock.zone();
  if (zone) {
    const known = knownDays[zone];
    const at = instant.getTime();
    if (known && known.from <= at && at < known.until) return known.day;
    const day = dayFormat(zone).format(instant);
    // Only a named zone (the building's): the browser counts the reader's days without a formatter.
    if (timeZone) noteDay?.(zone, instant, day);
    return day;
  }
  // The runtime's own zone, read as it is now: a phone that changes zone while the tab is open
  // counts days in the new one, as the rest of the page does (a formatter keeps its zone).
  const twoDigits = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${twoDigits(instant.getMonth() + 1)}-${twoDigits(instant.getDate())}`;
}

/**
 * A day the server worked out for a zone, and the instants it spans (`until` excluded): a page
 * the server drew hands the browser the days it was drawn with (ssr-state.ts), so taking the page
 * over, and the rest of that day, asks the browser for no date formatter. A browser's first
 * formatter of any kind costs it 30-100 ms on this machine (its ICU data), four times that on a
 * phone as Lighthouse rates one, in the middle of the app's start.
 */
export interface KnownDay {
  day: string;
  from: number;
  until: number;
}

let knownDays: Readonly<Record<string, KnownDay>> = {};

/** The days the page was drawn with, by zone (boot.tsx, from the server's state). */
export function setKnownDays(days: Readonly<Record<string, KnownDay>> | undefined): void {
  knownDays = days ?? {};
}

type DayNoter = (zone: string, instant: Date, day: string) => void;
let noteDay: DayNoter | undefined;

/**
 * On the server: told of each zone and instant a page asks the day of, and the day it is
 * (entry-server.tsx).
 */
export function setDayNoter(note: DayNoter): void {
  noteDay = note;
}

/**
 * One formatter per zone, made once: a browser takes milliseconds to make each (tens for its
 * first), and the footer and the pages ask on every render.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
export function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * Where the page's reader is. Pages show instants (a payment made at 10:15) as the reader's clock
 * shows them. In the browser that is the runtime's own zone, and instants are shown as they are;
 * a page drawn on the server is drawn in the zone the reader's browser noted (entry-server.tsx,
 * the `sm_tz` cookie), so the browser taking it over finds the same text.
 */
export interface ReaderClock {
  /** The reader's time zone, when it is not the runtime's. */
  zone(): string | undefined;
  /** `instant` as a date whose fields (hours, day) are the reader's clock's. */
  view(instant: Date): Date;
}

let readerClock: ReaderClock = { zone: () => undefined, view: (instant) => instant };

/** On the server, per page drawn (entry-server.tsx). */
export function setReaderClock(clock: ReaderClock): void {
  readerClock = clock;
}

/** `instant` as the page's reader's clock shows it, for date-fns to format or start a day from. */
export const asReaderSees = (instant: Date): Date => readerClock.view(instant);
