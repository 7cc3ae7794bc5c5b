import { DAY_MS } from '@portal/contracts/constants';

// Every zone changes its offset on a quarter hour, so an offset found for one instant holds for the
// whole quarter hour around it.
const QUARTER_HOUR_MS = 900_000;
const MAX_CACHED_OFFSETS = 50_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for an IANA zone this runtime knows. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    partsFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetMs(timeZone: string, instantMs: number): number {
  const values: Record<string, number> = {};
  for (const part of partsFormatter(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  const wall = Date.UTC(
    values.year ?? 1970,
    (values.month ?? 1) - 1,
    values.day ?? 1,
    values.hour ?? 0,
    values.minute ?? 0,
    values.second ?? 0,
  );
  return wall - Math.floor(instantMs / 1_000) * 1_000;
}

/**
 * The instant a calendar day (`YYYY-MM-DD`) begins in a zone. Where a clock change skips midnight, the
 * day begins at the first instant that exists.
 */
export function zonedDayStart(day: string, timeZone: string): number {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const wall = Date.UTC(year, month - 1, date);
  const first = wall - zoneOffsetMs(timeZone, wall);
  // The offset at the first guess may be the other side of a clock change: correct once.
  const second = wall - zoneOffsetMs(timeZone, first);
  // Where a change skips midnight, the correction lands in the day before: the day begins at the change.
  return second + zoneOffsetMs(timeZone, second) < wall ? first : second;
}

/** The calendar day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * Formats instants as the zone's wall-clock time, `YYYY-MM-DD HH:mm:ss`. Made for exports of a million
 * rows: the offset is looked up once per quarter hour rather than formatted per row.
 */
export class ZonedTimeFormatter {
  readonly #offsets = new Map<number, number>();

  constructor(readonly timeZone: string) {}

  format(iso: string): string {
    return this.formatInstant(Date.parse(iso));
  }

  /** The same for milliseconds since 1970. */
  formatInstant(instant: number): string {
    const bucket = Math.floor(instant / QUARTER_HOUR_MS);
    let offset = this.#offsets.get(bucket);
    if (offset === undefined) {
      if (this.#offsets.size >= MAX_CACHED_OFFSETS) this.#offsets.clear();
      offset = zoneOffsetMs(this.timeZone, instant);
      this.#offsets.set(bucket, offset);
    }
    const wall = new Date(instant + offset).toISOString();
    return `${wall.slice(0, 10)} ${wall.slice(11, 19)}`;
  }
}

/** The zone's calendar day at `now` (`YYYY-MM-DD`): a merchant's today. */
export function merchantToday(timeZone: string, now: Date): string {
  return new ZonedTimeFormatter(timeZone).formatInstant(now.getTime()).slice(0, 10);
}
