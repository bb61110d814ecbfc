/**
 * Times in a time zone, as an author types them in a `datetime-local` field and the API takes
 * them (UTC): Intl's own time zone data, no library.
 */

/** The longest name of a time zone looked up (IANA's longest is 32 characters). */
const ZONE_MAX = 64;

/** Whether `zone` is a time zone Intl knows: an IANA name (`Pacific/Auckland`) or an alias of one. */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > ZONE_MAX) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The time zones a page offers: UTC first, then every IANA zone by name. */
export const TIME_ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone')];

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The wall clock of `zone` at `instant`, as the milliseconds of the UTC time that has its fields
 * (Auckland's 09:00 is 09:00 UTC here): what is compared with a time typed.
 */
function wallClock(instant: number, zone: string): number {
  const fields = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(fields.find((part) => part.type === type)?.value);
  return Date.UTC(field('year'), field('month') - 1, field('day'), field('hour'), field('minute'));
}

/** A `datetime-local` value to the minute (a field with no `step` sends no seconds), from year 1000. */
const LOCAL_TIME = /^([1-9]\d{3})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant of the wall-clock time `local` in `zone`. `invalid`: not such a time (February 30);
 * `skipped`: a time the zone's clocks skip as they go forward. A time they pass twice as they go
 * back is the first.
 */
export function zonedInstant(local: string, zone: string): Date | 'invalid' | 'skipped' {
  const [, year, month, day, hour, minute] = (LOCAL_TIME.exec(local) ?? []).map(Number);
  if (year === undefined || month === undefined || day === undefined) return 'invalid';
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).toISOString().slice(0, 16) !== local) return 'invalid';
  // The zone's offsets a day either side: its clocks change at most once in between.
  const candidates = [wall - DAY_MS, wall + DAY_MS].map((near) => wall - (wallClock(near, zone) - near));
  const matching = candidates.filter((instant) => wallClock(instant, zone) === wall);
  return matching.length > 0 ? new Date(Math.min(...matching)) : 'skipped';
}

/** `instant` as the wall-clock time of `zone`, as a `datetime-local` field holds it: `2026-11-25T14:30`. */
export const localTime = (instant: string, zone: string) =>
  new Date(wallClock(Date.parse(instant), zone)).toISOString().slice(0, 16);

/** `instant` to the minute as people read it in `zone`: “25 November 2026 at 14:30”. */
export const zonedTimeText = (instant: string, zone: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: zone }).format(
    Date.parse(instant),
  );
