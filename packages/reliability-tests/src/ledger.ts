const pair = (a: string, b: string) => `${a} ${b}`;

/**
 * The books of a load run: every change the server accepted (answered 2xx), and the counters that
 * must follow from them, to hold against what the server shows afterwards. A like or a follow is
 * idempotent, so what counts is the last accepted one of each pair; the load sends each pair's
 * requests from one connection, one after the other, so "last" is well defined.
 */
export function createLedger() {
  const reads = new Map<string, number>();
  const likes = new Map<string, boolean>();
  const follows = new Map<string, boolean>();
  const titles = new Map<string, string>();
  let signups = 0;
  const countTrue = (relation: Map<string, boolean>, matches: (key: string) => boolean) =>
    [...relation].filter(([key, on]) => on && matches(key)).length;

  return {
    countedRead(poemId: string) {
      reads.set(poemId, (reads.get(poemId) ?? 0) + 1);
    },
    setLike(authorId: string, poemId: string, on: boolean) {
      likes.set(pair(authorId, poemId), on);
    },
    setFollow(followerId: string, followeeId: string, on: boolean) {
      follows.set(pair(followerId, followeeId), on);
    },
    retitled(poemId: string, title: string) {
      titles.set(poemId, title);
    },
    signedUp() {
      signups += 1;
    },

    likes: (authorId: string, poemId: string) => likes.get(pair(authorId, poemId)) === true,
    follows: (followerId: string, followeeId: string) => follows.get(pair(followerId, followeeId)) === true,
    reads: (poemId: string) => reads.get(poemId) ?? 0,
    likeCount: (poemId: string) => countTrue(likes, (key) => key.endsWith(` ${poemId}`)),
    followersCount: (authorId: string) => countTrue(follows, (key) => key.endsWith(` ${authorId}`)),
    followingCount: (authorId: string) => countTrue(follows, (key) => key.startsWith(`${authorId} `)),
    title: (poemId: string) => titles.get(poemId),
    get signups() {
      return signups;
    },
    /** Totals for the summary line. */
    totals: () => ({
      reads: [...reads.values()].reduce((sum, n) => sum + n, 0),
      likes: countTrue(likes, () => true),
      follows: countTrue(follows, () => true),
      signups,
    }),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
