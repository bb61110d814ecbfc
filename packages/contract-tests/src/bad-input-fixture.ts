import type { RouteName } from '@poetry/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { connectDigest } from './database-digest.js';
import { type Answer, call, callRaw, type Request } from './http.js';
import { createWorld, type World } from './world.js';

/**
 * How long an answer to bad input may take: the bound (issue 15). The server's own rule
 * is that no request holds its event loop for more than 100 ms; 1 s leaves room for a busy shared
 * 2-core machine and is still far below what an unbounded parser takes (10 s for the part name
 * `tags[1000000]`, 4.5 s for a JSON array of 300,000 items).
 */
const ANSWER_LIMIT_MS = 1_000;

/** A request is abandoned after this, so that a server that hangs cannot hold the suite. */
const GIVE_UP_MS = 5 * ANSWER_LIMIT_MS;

/**
 * A problem lists at most 20 errors of a line or two each: well under this. One that grows with
 * its input (20 MB for an array of 300,000 items) does not fit.
 */
const ANSWER_BYTES_MAX = 16 * 1024;

/**
 * What is wrong with an answer to bad input, if anything: it must be a refusal (one of
 * `statuses`, any 4xx by default), come within ANSWER_LIMIT_MS, and be small whatever was sent.
 * Each fault names what was `sent`.
 */
export function refusalFaults(answer: Answer, statuses?: number[], sent = ''): string[] {
  const refused = statuses ? statuses.includes(answer.status) : Math.floor(answer.status / 100) === 4;
  const faults: string[] = [];
  if (!refused) {
    faults.push(
      `answered ${answer.status}, not ${statuses?.join(' or ') ?? 'a 4xx'}: ${answer.text.slice(0, 200)}`,
    );
  }
  if (answer.elapsedMs >= ANSWER_LIMIT_MS) faults.push(`answered after ${Math.round(answer.elapsedMs)} ms`);
  if (answer.text.length >= ANSWER_BYTES_MAX) faults.push(`answered ${answer.text.length} bytes`);
  return faults.map((fault) => (sent ? `${sent}: ${fault}` : fault));
}

/** Expects `answer` to be a refusal as `refusalFaults` says. */
export function expectRefusal(answer: Answer, statuses?: number[]) {
  expect(refusalFaults(answer, statuses)).toEqual([]);
}

/** Sends each input, then expects no faults among the answers, each fault named by its input. */
export async function expectEachRefused<T>(
  inputs: T[],
  sendOne: (input: T) => Promise<Answer>,
  expected: (input: T) => { sent: string; statuses?: number[] },
) {
  const faults: string[] = [];
  for (const input of inputs) {
    const { sent, statuses } = expected(input);
    faults.push(...refusalFaults(await sendOne(input), statuses, sent));
  }
  expect(faults).toEqual([]);
}

/**
 * The answer to `sendOnce`, sent once more if it came after ANSWER_LIMIT_MS, and then the second
 * answer: a stall of a loaded machine (other suites share its two cores) passes, a parser that
 * takes seconds on the input is slow both times. Bad input changes nothing, so sending it twice
 * is harmless.
 */
async function askedAgainIfSlow(sendOnce: () => Promise<Answer>): Promise<Answer> {
  const answer = await sendOnce();
  return answer.elapsedMs < ANSWER_LIMIT_MS ? answer : sendOnce();
}

/**
 * What the bad-input checks of a test file share: a world to aim at (made before its tests), the
 * database digest that shows a refused request changed nothing, and requests sent as the world's
 * owner that give up after a while. Call it at the top of the file: it registers the hooks.
 */
export function badInputFixture() {
  let world: World;
  let database: Awaited<ReturnType<typeof connectDigest>>;
  beforeAll(async () => {
    [world, database] = await Promise.all([createWorld(), connectDigest()]);
  });
  afterAll(() => database?.close());

  /** Real targets for the path parameters that a check does not vary. */
  const validParams = (): Record<string, string> => ({
    authorId: world.owner.id,
    poemId: world.poems.draft,
    collectionId: world.collections.private,
    listId: 'new',
  });

  /** Sends a request to a route, as the owner and to real targets unless it says otherwise (checked by `call`). */
  const send = (name: RouteName, request: Request = {}) =>
    askedAgainIfSlow(() =>
      call(name, { params: validParams(), cookie: world.owner.cookie, timeoutMs: GIVE_UP_MS, ...request }),
    );

  /** Sends a request that no route describes, as the owner unless it says otherwise (checked by `callRaw`). */
  const sendRaw = (method: string, url: string, request: Request = {}) =>
    askedAgainIfSlow(() =>
      callRaw(method, url, { cookie: world.owner.cookie, timeoutMs: GIVE_UP_MS, ...request }),
    );

  /** Runs `action`, then expects every table of the database as it was before, even when `action` failed. */
  async function unchangedAcross(action: () => Promise<void>) {
    const before = await database?.digest();
    try {
      await action();
    } finally {
      if (database) expect.soft(await database.digest(), 'the database changed').toEqual(before);
    }
  }

  return {
    get world() {
      return world;
    },
    validParams,
    send,
    sendRaw,
    unchangedAcross,
    /** Sends a request as `send` does; expects a refusal (`expectRefusal`) and the database unchanged. */
    expectUnchanged: (name: RouteName, request: Request, statuses?: number[]) =>
      unchangedAcross(async () => expectRefusal(await send(name, request), statuses)),
  };
}
