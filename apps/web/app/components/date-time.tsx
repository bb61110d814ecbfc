const LONG_DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** A time as a date people read ("25 November 2026", UTC), with the exact time for machines. */
export function LongDate({ iso }: { iso: string }) {
  return <time dateTime={iso}>{LONG_DATE.format(new Date(iso))}</time>;
}

/** A time to the minute in UTC, saying so: "25 November 2026, 14:30 UTC". */
const utcDateTimeText = (iso: string) => {
  const time = new Date(iso);
  return `${LONG_DATE.format(time)}, ${time.toISOString().slice(11, 16)} UTC`;
};

/** `utcDateTimeText`, with the exact time for machines. */
export function UtcDateTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{utcDateTimeText(iso)}</time>;
}
