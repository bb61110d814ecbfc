import type { Response } from 'express';

/**
 * Marks the write answered on `res` as one no reader page shows (a draft made or its text
 * changed): the page cache keeps its pages (`page-cache.ts`). An author's editor saves a draft
 * every few seconds as they type; each save emptied the cache of every reader's pages.
 */
export function markUnseenWrite(res: Response) {
  res.locals.unseenWrite = true;
}

export const isUnseenWrite = (res: Response) => res.locals.unseenWrite === true;
