import { inMs, SOON_MS, whenPublished, writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { capturedLog } from '../support/captured-log.js';
import { useTwoTestServers } from '../support/server.js';

const POEMS = 40;

// Both instances look for due poems every 10 ms, so their runs overlap.
const log = capturedLog();
const servers = useTwoTestServers(
  { PUBLISH_POLL_INTERVAL_MS: '10', LOG_LEVEL: 'info' },
  { logTo: log.logTo },
);

const publications = () =>
  log.lines
    .map((line) => JSON.parse(line) as { msg: string; poemId?: string })
    .filter((entry) => entry.msg === 'scheduled poem published')
    .map((entry) => entry.poemId);

describe('scheduled publishing with two API instances', () => {
  it('publishes each due poem once, by one of them', async () => {
    const poet = servers.first.client();
    const author = await signUp(poet);
    const scheduled: string[] = [];
    for (let i = 0; i < POEMS; i += 1) scheduled.push((await writePoem(poet, { publish: false })).id);
    const publishAt = inMs(SOON_MS);
    await Promise.all(
      scheduled.map((poemId) =>
        poet.me.poems.update({ params: { poemId }, body: { publish_at: publishAt } }),
      ),
    );

    for (const poemId of scheduled) {
      expect((await whenPublished(poet, poemId)).published_at).toBe(publishAt);
    }
    expect(publications().sort()).toEqual([...scheduled].sort());
    const reader = servers.second.client();
    expect((await reader.author.get({ params: { authorId: author.id } })).author.poems_count).toBe(POEMS);
  });
});
