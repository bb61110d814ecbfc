import { unauthenticated } from '../errors.js';

type WithUser = { user?: Express.User };

/** The logged-in author's id; answers 401 when nobody is logged in. */
export function currentAuthorId(req: WithUser): string {
  if (!req.user) throw unauthenticated();
  return req.user.id;
}

/** The logged-in author's id, or null for an anonymous caller. */
export const viewerId = (req: WithUser): string | null => req.user?.id ?? null;
