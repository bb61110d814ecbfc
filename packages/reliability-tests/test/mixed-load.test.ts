/**
 * Mixed load. 200 connections for 30 s against the production build on its embedded PostgreSQL:
 * reads (anonymous and logged in), metric increments, likes and unlikes, follows and unfollows,
 * poem edits and new signups, mixed. No answer may be a 5xx and no connection may drop. Afterwards
 * every counter the server shows equals what the load sent and the server accepted: each poem's
 * reads, likes and title, each author's followers and followings, and the number of authors.
 */
import { type ApiServer, startApiServer } from '@poetry/contract-tests/api-server';
import { succeed } from '@poetry/contract-tests/http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLedger, type Ledger } from '../src/ledger.js';
import { type Cast, castForLoad, initialTitle, mixedSteps } from '../src/mixed-load.js';
import { runLoad } from '../src/run-load.js';
import { dropped, histogramByName, type LoadResult, serverErrors, summaryLine } from '../src/tally.js';

const CONNECTIONS = 200;
const AUTHORS = 50;
const DURATION_MS = 30_000;
/** A bound in count besides the one in time; far above what 30 s on two cores can send. */
const MAX_REQUESTS = 500_000;

let api: ApiServer;
let cast: Cast;
let ledger: Ledger;
let load: LoadResult;

beforeAll(async () => {
  api = await startApiServer();
  cast = await castForLoad(api.info.baseUrl, AUTHORS, CONNECTIONS / AUTHORS);
  ledger = createLedger();
  for (const [a, ofAuthor] of cast.poems.entries()) {
    for (const [g, poemId] of ofAuthor.entries()) ledger.retitled(poemId, initialTitle(a, g));
  }
  load = await runLoad({
    baseUrl: api.info.baseUrl,
    connections: CONNECTIONS,
    durationMs: DURATION_MS,
    maxRequests: MAX_REQUESTS,
    nextStep: mixedSteps(cast, ledger),
  });
  console.log(summaryLine('mixed load', load, `accepted ${JSON.stringify(ledger.totals())}`));
});

afterAll(() => api?.stop());

const baseUrl = () => api.info.baseUrl;

describe('mixed load: 200 connections for 30 s', () => {
  it('answers every request without a 5xx and drops no connection', () => {
    expect(histogramByName(serverErrors(load.records))).toEqual({});
    expect(histogramByName(dropped(load.records))).toEqual({});
    const refused = load.records.filter((record) => record.status !== null && record.status >= 300);
    expect(histogramByName(refused), 'every request of the mix is one the server accepts').toEqual({});
  });

  it("shows each poem's reads, likes and title as the load left them", async () => {
    const mismatches: string[] = [];
    await Promise.all(
      cast.poems.flat().map(async (poemId) => {
        const { poem } = await succeed('poem.get', { params: { poemId }, baseUrl: baseUrl() });
        const expected = {
          reads: ledger.reads(poemId),
          likes: ledger.likeCount(poemId),
          title: ledger.title(poemId),
        };
        const shown = { reads: poem.metrics.read, likes: poem.like_count, title: poem.title };
        if (JSON.stringify(shown) !== JSON.stringify(expected)) {
          mismatches.push(`poem ${poemId}: shows ${JSON.stringify(shown)}, sent ${JSON.stringify(expected)}`);
        }
      }),
    );
    expect(mismatches).toEqual([]);
  });

  it("shows each author's followers and followings as the load left them", async () => {
    const mismatches: string[] = [];
    await Promise.all(
      cast.authors.map(async ({ id }) => {
        const { author } = await succeed('author.get', { params: { authorId: id }, baseUrl: baseUrl() });
        const expected = { followers: ledger.followersCount(id), following: ledger.followingCount(id) };
        const shown = { followers: author.followers_count, following: author.following_count };
        if (JSON.stringify(shown) !== JSON.stringify(expected)) {
          mismatches.push(`author ${id}: shows ${JSON.stringify(shown)}, sent ${JSON.stringify(expected)}`);
        }
      }),
    );
    expect(mismatches).toEqual([]);
  });

  it('lists as many authors as signed up', async () => {
    let listed = 0;
    let cursor: string | null = null;
    do {
      const page: { authors: unknown[]; next_cursor: string | null } = await succeed('author.lists.get', {
        params: { listId: 'new' },
        query: { limit: '100', ...(cursor ? { cursor } : {}) },
        baseUrl: baseUrl(),
      });
      listed += page.authors.length;
      cursor = page.next_cursor;
    } while (cursor);
    expect(listed).toBe(AUTHORS + ledger.signups);
  });
});
