import { ApiError, createPoetryClient, NetworkError, paginate } from '@poetry/sdk';
import { freePort } from '@poetry/test-support/free-ports';
import { writePoem } from '@poetry/test-support/poems';
import { describe, expect, it } from 'vitest';
import { signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';

const server = useTestServer();

describe('@poetry/sdk against the real server', () => {
  it('keeps the session across client instances through export and import', async () => {
    const first = server.client();
    const author = await signUp(first);
    const saved = first.session.export();
    const second = createPoetryClient({ baseUrl: server.url, session: saved });
    expect((await second.me.get()).author.id).toBe(author.id);
    await second.auth.logout();
    await expect(createPoetryClient({ baseUrl: server.url, session: saved }).me.get()).rejects.toMatchObject({
      status: 401,
    });
  });

  it('sends a path parameter as one segment, whatever it holds', async () => {
    const client = server.client();
    await signUp(client);
    // Unencoded, `../../api/me` made `GET /api/author/:authorId` a call of `GET /api/me`.
    await expect(client.author.get({ params: { authorId: '../../api/me' } })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('turns problem+json into an ApiError with status, code, detail and field errors', async () => {
    const client = server.client();
    const error = await client.auth
      .signup({ body: { email: 'not an email', password: 'short', firstname: 'A', lastname: 'B' } })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      detail: 'The request is not valid',
    });
    expect((error as ApiError).errors.map((e) => e.path).sort()).toEqual(['email', 'password']);
    expect((error as ApiError).errorCount).toBe(2);
  });

  it('says how many field errors there were when the server lists only the first 20', async () => {
    const client = server.client();
    await signUp(client);
    const unknownFields = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`field_${i}`, i]));
    const error = await client.me.update({ body: unknownFields as never }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 400, errorCount: 25 });
    expect((error as ApiError).errors).toHaveLength(20);
  });

  it('reports an unreachable server as a NetworkError', async () => {
    const client = createPoetryClient({ baseUrl: `http://127.0.0.1:${await freePort()}` });
    await expect(client.poem.search()).rejects.toBeInstanceOf(NetworkError);
  });

  it('iterates over every page of a list', async () => {
    const client = server.client();
    const author = await signUp(client);
    const written = [];
    for (let i = 0; i < 5; i += 1) written.push(await writePoem(client, { title: `Page poem ${i}` }));
    const pages: number[] = [];
    const counting = createPoetryClient({
      baseUrl: server.url,
      fetch: (input, init) => {
        pages.push(1);
        return fetch(input, init);
      },
    });
    const titles = [];
    for await (const poem of counting.author.poems.iterate({
      params: { authorId: author.id },
      query: { limit: 2 },
    })) {
      titles.push(poem.title);
    }
    expect(titles).toEqual(written.map((poem) => poem.title).reverse());
    expect(pages).toHaveLength(3);

    const found = [];
    for await (const poem of paginate(client.poem.search, { query: { q: 'Page', limit: 2 } }))
      found.push(poem.id);
    expect(found.sort()).toEqual(written.map((poem) => poem.id).sort());
  });

  it('retries idempotent requests on 503 when asked, and never a POST', async () => {
    let failuresLeft = 0;
    const flaky: typeof fetch = (input, init) => {
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        return Promise.resolve(
          new Response(
            JSON.stringify({
              type: 'about:blank',
              title: 'Service Unavailable',
              status: 503,
              code: 'unavailable',
            }),
            {
              status: 503,
              headers: { 'content-type': 'application/problem+json' },
            },
          ),
        );
      }
      return fetch(input, init);
    };
    const client = createPoetryClient({
      baseUrl: server.url,
      fetch: flaky,
      retry: { attempts: 3, baseDelayMs: 1 },
    });
    failuresLeft = 2;
    expect((await client.poem.search()).poems).toBeInstanceOf(Array);
    failuresLeft = 3;
    await expect(client.poem.search()).rejects.toMatchObject({ status: 503, code: 'unavailable' });
    failuresLeft = 1;
    await expect(
      client.auth.login({ body: { email: 'x@example.com', password: 'whatever password' } }),
    ).rejects.toMatchObject({ status: 503 });
    expect(failuresLeft).toBe(0);
    const plain = createPoetryClient({ baseUrl: server.url, fetch: flaky });
    failuresLeft = 1;
    await expect(plain.poem.search()).rejects.toMatchObject({ status: 503 });
  });

  it('retries the routes the contract marks idempotent, never a metric count that may have arrived', async () => {
    const author = createPoetryClient({ baseUrl: server.url });
    await signUp(author);
    const poem = await writePoem(author, { publish: true });
    // The request reaches the server, but its answer is lost on the way back.
    let answersToLose = 0;
    const lossy: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      if (answersToLose === 0) return response;
      answersToLose -= 1;
      throw new TypeError('fetch failed: the connection was reset');
    };
    const reader = createPoetryClient({
      baseUrl: server.url,
      fetch: lossy,
      retry: { attempts: 3, baseDelayMs: 1 },
    });
    await signUp(reader);

    answersToLose = 1;
    await expect(
      reader.poem.metrics.increment({ params: { poemId: poem.id }, body: { metric: 'read' } }),
    ).rejects.toBeInstanceOf(NetworkError);
    expect((await reader.poem.get({ params: { poemId: poem.id } })).poem.metrics.read).toBe(1);

    answersToLose = 1;
    const liked = await reader.poem.likes.like({ params: { poemId: poem.id } });
    expect(liked.poem).toMatchObject({ like_count: 1, liked_by_me: true });
    expect(answersToLose).toBe(0);
  });
});
