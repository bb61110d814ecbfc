import { describe, expect, it } from 'vitest';
import { isTimeZone, localTime, zonedInstant } from '../app/lib/zoned-time';

describe('a time typed in a time zone', () => {
  it('is the instant of that wall-clock time there, on either side of UTC', () => {
    expect(zonedInstant('2026-11-25T14:30', 'Pacific/Auckland')).toEqual(new Date('2026-11-25T01:30Z'));
    expect(zonedInstant('2026-07-01T09:00', 'America/Los_Angeles')).toEqual(new Date('2026-07-01T16:00Z'));
    expect(zonedInstant('2026-01-01T00:00', 'Asia/Kolkata')).toEqual(new Date('2025-12-31T18:30Z'));
    expect(zonedInstant('2026-11-25T14:30', 'UTC')).toEqual(new Date('2026-11-25T14:30Z'));
  });

  it('is skipped where the clocks go forward, and the first of two where they go back', () => {
    expect(zonedInstant('2026-09-27T02:30', 'Pacific/Auckland')).toBe('skipped');
    expect(zonedInstant('2026-03-08T02:30', 'America/New_York')).toBe('skipped');
    expect(zonedInstant('2026-04-05T02:30', 'Pacific/Auckland')).toEqual(new Date('2026-04-04T13:30Z'));
    expect(zonedInstant('2026-11-01T01:30', 'America/New_York')).toEqual(new Date('2026-11-01T05:30Z'));
  });

  it('is invalid unless it is a whole date and time to the minute', () => {
    for (const typed of [
      '',
      'tomorrow',
      '2026-02-30T10:00',
      '2026-02-28T24:00',
      '2026-1-5T10:00',
      '0999-01-01T00:00',
    ]) {
      expect(zonedInstant(typed, 'UTC')).toBe('invalid');
    }
  });

  it('shows a stored instant as the wall-clock time of the zone', () => {
    expect(localTime('2026-11-25T01:30:00.000Z', 'Pacific/Auckland')).toBe('2026-11-25T14:30');
    expect(localTime('2026-11-25T01:30:00.000Z', 'UTC')).toBe('2026-11-25T01:30');
  });

  it('takes only time zones Intl knows, and no name of any length', () => {
    expect(['UTC', 'Pacific/Auckland', 'Asia/Calcutta'].map(isTimeZone)).toEqual([true, true, true]);
    expect(['', 'Mars/Olympus', 'Pacific/Auckland'.repeat(10)].map(isTimeZone)).toEqual([
      false,
      false,
      false,
    ]);
  });
});
