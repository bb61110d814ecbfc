import type http from 'node:http';
import { unsign } from 'cookie-signature';
import { run } from './db.js';

const { SESSION_SECRET } = process.env;
const SESSION_SECONDS = 14 * 24 * 3600;

/** The logged-in author of the request, as express-session + connect-pg-simple find and touch it. */
export async function sessionAuthor(req: http.IncomingMessage): Promise<string | null> {
  const raw = /(?:^|;\s*)__Host-poetry\.sid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
  const value = raw && decodeURIComponent(raw);
  const sid = value?.startsWith('s:') && unsign(value.slice(2), SESSION_SECRET as string);
  if (!sid) return null;
  const now = Math.floor(Date.now() / 1000);
  const { rows } = await run('session', [sid, now]);
  const sess = rows[0]?.sess as { passport?: { user?: string } } | undefined;
  if (!sess?.passport?.user) return null;
  if (touchDue(sid)) await run('touchSession', [now + SESSION_SECONDS, sid]);
  return sess.passport.user;
}

let touchedSince = Date.now();
let touched = new Set<string>();
/** The API renews a session's stored expiry at most once a minute (apps/api/src/http/session.ts). */
function touchDue(sid: string): boolean {
  if (Date.now() - touchedSince >= 60_000) {
    touched = new Set();
    touchedSince = Date.now();
  }
  if (touched.has(sid)) return false;
  touched.add(sid);
  return true;
}
