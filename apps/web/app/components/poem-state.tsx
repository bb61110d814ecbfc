import type { MyPoem } from '@poetry/sdk';
import { LongDate, UtcDateTime } from './date-time';

/** Where one of my poems stands: a draft, scheduled (to the minute), or published (and when). */
export function PoemState({ poem }: { poem: Pick<MyPoem, 'is_published' | 'published_at' | 'publish_at'> }) {
  if (poem.is_published && poem.published_at)
    return (
      <>
        Published <LongDate iso={poem.published_at} />
      </>
    );
  if (poem.publish_at)
    return (
      <>
        Scheduled for <UtcDateTime iso={poem.publish_at} />
      </>
    );
  return <>Draft</>;
}
