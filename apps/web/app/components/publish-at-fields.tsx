import type { ReactNode } from 'react';
import type { FormProblem } from '../lib/form-problem';
import { POEM_LABELS, type PoemValues } from '../lib/poem-form';
import { publicFile } from '../lib/public-file';
import { isTimeZone, TIME_ZONES, zonedTimeText } from '../lib/zoned-time';
import { Field, SelectField } from './field';

/** A zone as the select words it: UTC said in full, the others by their IANA names. */
const zoneOption = (zone: string) => ({
  value: zone,
  text: zone === 'UTC' ? 'UTC (Coordinated Universal Time)' : zone.replaceAll('_', ' '),
});

const ZONE_OPTIONS = TIME_ZONES.map(zoneOption);

type PublishAtFieldsProps = {
  /** The poem's, or what was typed. */
  values: Partial<Pick<PoemValues, 'publish_at' | 'time_zone'>>;
  problem: FormProblem | undefined;
  /** The time the page was made, which the hint says in the zone chosen. */
  now: string;
  /** Whether the zone is the page's own choice (UTC), which the browser's may replace. */
  zoneUnchosen: boolean;
};

/**
 * When to publish the poem: a time typed in the author's time zone (the server turns it into
 * UTC, `publishAt`). With JavaScript, `public/time-zone.js` chooses the browser's zone where the
 * page chose none (showing a stored time in it) and says the hint's time in the zone chosen;
 * without, the zone is UTC, said as such, until the author chooses theirs.
 */
export function PublishAtFields({ values, problem, now, zoneUnchosen }: PublishAtFieldsProps): ReactNode {
  const zone = values.time_zone && isTimeZone(values.time_zone) ? values.time_zone : 'UTC';
  // A zone posted that the list lacks (an alias a browser gave) stays chosen.
  const options = TIME_ZONES.includes(zone) ? ZONE_OPTIONS : [...ZONE_OPTIONS, zoneOption(zone)];
  return (
    <>
      <Field
        name="publish_at"
        label={POEM_LABELS.publish_at}
        type="datetime-local"
        autoComplete="off"
        required={false}
        problem={problem}
        defaultValue={values.publish_at}
        hint="A date and a time in the time zone below."
      />
      <SelectField
        name="time_zone"
        label={POEM_LABELS.time_zone}
        options={options}
        problem={problem}
        defaultValue={zone}
        hint={
          <>
            When this page was made, it was{' '}
            <time id="publish-at-now" dateTime={now}>
              {zonedTimeText(now, zone)}
            </time>{' '}
            there.
          </>
        }
      />
      <script src={publicFile('/time-zone.js')} data-zone-unchosen={zoneUnchosen ? '' : undefined} defer />
    </>
  );
}
