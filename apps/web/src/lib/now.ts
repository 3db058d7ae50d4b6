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

export const dayIn = (instant: Date, timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
