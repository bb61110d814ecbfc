import http from 'node:http';
import { type Row, run, type Statement } from './db.js';
import { author, collection, myPoem, notFound, page, poem } from './json.js';
import { sessionAuthor } from './session.js';

/**
 * The floor: plain `node:http` + `pg` answering the benchmarked requests with the API's SQL and
 * the API's JSON, and nothing else (no framework, no validation, no ORM). What it serves is what
 * this hardware and PostgreSQL can do; the API is measured as a share of it.
 */
const { PORT } = process.env;

const afterCursor = (cursor: string | null) =>
  cursor ? (JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as string[]) : null;

const GENRE = 'genre:';
/** The statements of the named lists; `genre:<tag>` passes its tag after the viewer and the page size. */
const AUTHOR_LISTS: Record<string, Statement> = {
  top: 'topAuthors',
  featured: 'featuredAuthors',
  new: 'newAuthors',
  [GENRE]: 'genreAuthors',
};
const COLLECTION_LISTS: Record<string, Statement> = {
  featured: 'featuredCollections',
  new: 'newCollections',
  [GENRE]: 'genreCollections',
};

/** The rows of the named list `listId` of `lists`, as `viewer` sees it; undefined for a name it has not. */
async function namedList(
  lists: Record<string, Statement>,
  listId: string,
  viewer: string | null,
  limit: number,
) {
  const name = listId.startsWith(GENRE) ? GENRE : listId;
  const statement = Object.hasOwn(lists, name) ? lists[name] : undefined;
  if (!statement) return undefined;
  const tag = name === GENRE ? [listId.slice(GENRE.length)] : [];
  return (await run(statement, [viewer, limit + 1, ...tag])).rows;
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}

async function route(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://floor');
  const parts = url.pathname.split('/').slice(2).map(decodeURIComponent);
  const [resource, id, sub, subId, subSub] = parts;
  const limit = Number(url.searchParams.get('limit') ?? 20);
  const missing = () => send(res, 404, notFound);
  const one = (key: string, toItem: (row: Row) => unknown) => (rows: Row[]) =>
    rows[0] ? send(res, 200, { [key]: toItem(rows[0]) }) : missing();
  const list = (key: string, toItem: (row: Row) => unknown) => (rows: Row[]) =>
    send(res, 200, page(key, rows, limit, toItem, url.searchParams.has('cursor')));
  /** A list of what a row (an author, a collection) holds: its row joined to each item, or to none. */
  const within = (key: string, toItem: (row: Row) => unknown) => (rows: Row[]) =>
    rows[0] ? list(key, toItem)(rows.filter((row) => row.id !== null)) : missing();
  const found = one('poem', poem);
  const poems = list('poems', poem);
  const authors = list('authors', author);

  if (req.method === 'GET' && resource === 'poem') {
    if (parts.length === 2) return found((await run('publishedPoem', [null, id])).rows);
    if (parts.length === 1) {
      const { rows } = await run('search', [null, url.searchParams.get('q'), limit + 1]);
      return poems(rows);
    }
    if (sub === 'like') {
      if (!(await run('publishedPoem', [null, id])).rows[0]) return missing();
      return authors((await run('likers', [null, limit + 1, id])).rows);
    }
  }
  if (req.method === 'GET' && resource === 'author') {
    if (id === 'list') {
      const rows = await namedList(AUTHOR_LISTS, sub ?? '', null, limit);
      return rows ? authors(rows) : missing();
    }
    if (parts.length === 2) return one('author', author)((await run('author', [null, id])).rows);
    if (sub === 'follower')
      return within('authors', author)((await run('followers', [null, limit + 1, id])).rows);
    const owner = (await run('resolveAuthor', [id])).rows[0];
    if (!owner) return missing();
    if (sub === 'poem') {
      const after = afterCursor(url.searchParams.get('cursor'));
      const params = [null, owner.id, limit + 1];
      const { rows } = after
        ? await run('authorsPoemsAfter', [...params, ...after])
        : await run('authorsPoems', params);
      return poems(rows);
    }
    if (sub === 'collection' && subSub === 'poem') {
      const tags = url.searchParams.get('tags')?.split(',') ?? [];
      const { rows } = await run('taggedCollectionPoems', [null, limit + 1, subId, owner.id, tags]);
      return within('poems', poem)(rows);
    }
  }
  if (req.method === 'PUT' && resource === 'poem' && sub === 'metric') {
    const body = JSON.parse(await text(req)) as { metric: string };
    if (body.metric !== 'read')
      return send(res, 400, { ...notFound, status: 400, code: 'validation_failed' });
    return found((await run('incrementRead', [null, id])).rows);
  }
  const viewer = await sessionAuthor(req);
  if (!viewer) return send(res, 401, { ...notFound, status: 401, code: 'unauthenticated' });
  if (req.method === 'GET' && resource === 'me' && id === 'poem') {
    return list('poems', myPoem)((await run('myPoems', [viewer, limit + 1])).rows);
  }
  if (req.method === 'GET' && resource === 'me' && id === 'feed') {
    return poems((await run('feed', [viewer, limit + 1])).rows);
  }
  if (req.method === 'GET' && resource === 'collection' && id === 'list') {
    const rows = await namedList(COLLECTION_LISTS, sub ?? '', viewer, limit);
    return rows ? list('collections', collection)(rows) : missing();
  }
  if (resource === 'poem' && sub === 'like' && (req.method === 'PUT' || req.method === 'DELETE')) {
    await run(req.method === 'PUT' ? 'like' : 'unlike', [viewer, id]);
    return found((await run('publishedPoem', [viewer, id])).rows);
  }
  missing();
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
