/**
 * The app's one source of "now". Rent falls due by the building's calendar, so the same instant
 * is asked for its day in the building's time zone. Tests replace the clock (or, with TEST_CLOCK,
 * name a request's time in a header) instead of depending on today's date.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and move by hand. */
export class FakeClock implements Clock {
  private current: Date;
  constructor(start: string | Date) {
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(instant: string | Date): void {
    this.current = new Date(instant);
  }
}

export const TEST_CLOCK_HEADER = 'x-test-clock';

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Each time zone's last answer: asked for every request, it is mostly the same minute's. */
const lastDays = new Map<string, { minute: number; day: string }>();

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on in `timeZone`. */
export function calendarDay(instant: Date, timeZone: string): string {
  // A day starts on a whole minute in every time zone in use (offsets are whole minutes), so
  // one minute's instants share a day.
  const minute = Math.floor(instant.getTime() / 60_000);
  const last = lastDays.get(timeZone);
  if (last?.minute === minute) return last.day;
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((p) => [p.type, p.value]));
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  lastDays.set(timeZone, { minute, day });
  return day;
}

/** `YYYY-MM-DD` plus `days` (calendar arithmetic, no time zone involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
