import http from 'node:http';
import { unsign } from 'cookie-signature';
import pg from 'pg';
import { SQL } from './sql.js';

/**
 * The floor: plain `node:http` + `pg` answering the benchmarked requests with the API's SQL and
 * the API's JSON, and nothing else (no framework, no validation, no ORM). What it serves is what
 * this hardware and PostgreSQL can do; the API is measured as a share of it.
 */
const { DATABASE_URL, PORT, SESSION_SECRET, PUBLIC_URL, POOL_MAX } = process.env;
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: Number(POOL_MAX ?? 5) });
const SESSION_SECONDS = 14 * 24 * 3600;

type Row = Record<string, unknown> & { author: Record<string, string | null> };

/** Every query as a named prepared statement: planned once per connection, as the API does. */
const run = (statement: keyof typeof SQL, values: unknown[]) =>
  pool.query<Row>({ name: statement, text: SQL[statement], values });

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);
const mediaUrl = (key: string | null | undefined) => (key ? `${PUBLIC_URL}/media/${key}` : null);

const summary = (author: Record<string, string | null>) => ({
  id: author.id,
  username: author.username,
  fullname: `${author.firstname} ${author.lastname}`.trim(),
  profile_photo_url: mediaUrl(author.profilePhotoKey),
});

const poem = (row: Row) => ({
  id: row.id,
  title: row.title,
  body: row.body,
  tags: row.tags,
  is_published: row.isPublished,
  published_at: iso(row.publishedAt),
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
  author: summary(row.author),
  like_count: row.likeCount,
  liked_by_me: row.likedByMe,
  metrics: { read: row.readCount, clicked: row.clickedCount, shared: row.sharedCount },
});

const myPoem = (row: Row) => ({
  ...poem(row),
  share_key: row.shareKey,
  publish_at: iso(row.publishAt),
});

const author = (row: Record<string, unknown>) => ({
  ...summary(row as Record<string, string | null>),
  firstname: row.firstname,
  lastname: row.lastname,
  bio: row.bio,
  profile_banner_photo_url: mediaUrl(row.profileBannerPhotoKey as string | null),
  share_image_url: mediaUrl(row.profileShareImageKey as string | null),
  poems_count: row.poemsCount,
  collections_count: row.collectionsCount,
  followers_count: row.followersCount,
  following_count: row.followingCount,
  followed_by_me: row.followedByMe,
  created_at: iso(row.createdAt),
});

/** The API's cursor: base64url JSON of the last shown row's sort key (`pageKey` in lists of poems). */
const cursorOf = (
  rows: Record<string, unknown>[],
  limit: number,
  key: (row: Record<string, unknown>) => unknown[],
) => {
  const last = rows[limit - 1];
  return rows.length > limit && last ? Buffer.from(JSON.stringify(key(last))).toString('base64url') : null;
};
const byPageKey = (row: Record<string, unknown>) => row.pageKey as unknown[];
const afterCursor = (cursor: string | null) =>
  cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as string[]) : null;

/** The logged-in author of the request, as express-session + connect-pg-simple find and touch it. */
async function sessionAuthor(req: http.IncomingMessage): Promise<string | null> {
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

function send(res: http.ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

const notFound = { type: 'about:blank', title: 'Not Found', status: 404, code: 'not_found' };

async function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://floor');
  const parts = url.pathname.split('/').slice(2);
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const found = (rows: Row[]) =>
    rows[0] ? send(res, 200, { poem: poem(rows[0]) }) : send(res, 404, notFound);
  const page = (rows: Row[], toPoem = poem) =>
    send(res, 200, {
      poems: rows.slice(0, limit).map(toPoem),
      next_cursor: cursorOf(rows, limit, byPageKey),
    });

  if (req.method === 'GET' && parts[0] === 'poem' && parts.length === 2) {
    return found((await run('publishedPoem', [null, parts[1]])).rows);
  }
  if (req.method === 'GET' && parts[0] === 'poem' && parts.length === 1) {
    const { rows } = await run('search', [null, url.searchParams.get('q'), limit + 1]);
    return page(rows);
  }
  if (req.method === 'GET' && parts[0] === 'author' && parts[1] === 'list' && parts[2] === 'top') {
    const { rows } = await run('topAuthors', [null, limit + 1]);
    return send(res, 200, {
      authors: rows.slice(0, limit).map(author),
      next_cursor: cursorOf(rows, limit, (row) => [row.likes, row.id]),
    });
  }
  if (req.method === 'GET' && parts[0] === 'author' && parts[2] === 'poem') {
    const resolved = await run('resolveAuthor', [parts[1]]);
    if (!resolved.rows[0]) return send(res, 404, notFound);
    const after = afterCursor(url.searchParams.get('cursor'));
    const params = [null, resolved.rows[0].id, limit + 1];
    const { rows } = after
      ? await run('authorsPoemsAfter', [...params, ...after])
      : await run('authorsPoems', params);
    return page(rows);
  }
  if (req.method === 'PUT' && parts[0] === 'poem' && parts[2] === 'metric') {
    const body = JSON.parse(await text(req)) as { metric: string };
    if (body.metric !== 'read')
      return send(res, 400, { ...notFound, status: 400, code: 'validation_failed' });
    return found((await run('incrementRead', [null, parts[1]])).rows);
  }
  const viewer = await sessionAuthor(req);
  if (!viewer) return send(res, 401, { ...notFound, status: 401, code: 'unauthenticated' });
  if (req.method === 'GET' && parts[0] === 'me' && parts[1] === 'poem') {
    return page((await run('myPoems', [viewer, limit + 1])).rows, myPoem);
  }
  if (parts[0] === 'poem' && parts[2] === 'like' && (req.method === 'PUT' || req.method === 'DELETE')) {
    await run(req.method === 'PUT' ? 'like' : 'unlike', [viewer, parts[1]]);
    return found((await run('publishedPoem', [viewer, parts[1]])).rows);
  }
  send(res, 404, notFound);
}

function text(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      data += chunk;
    });
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

http
  .createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      console.error(error);
      send(res, 500, { ...notFound, status: 500, code: 'internal' });
    });
  })
  .listen(Number(PORT), '127.0.0.1', () => console.log(`floor listening on ${PORT}`));
