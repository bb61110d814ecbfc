import { type ApiFetcherArgs, initClient } from '@ts-rest/core';
import { describe, expect, it } from 'vitest';
import { contract } from '../src/index.js';

/** A ts-rest client over a fetcher that records each request and answers 200 with an empty object. */
function recordingClient() {
  const requests: ApiFetcherArgs[] = [];
  const client = initClient(contract, {
    baseUrl: 'https://poetry.example',
    api: async (args) => {
      requests.push(args);
      return { status: 200, body: {}, headers: new Headers() };
    },
  });
  return { client, requests };
}

describe('the contract through a ts-rest client', () => {
  it('builds paths from params and queries from numbers and strings', async () => {
    const { client, requests } = recordingClient();
    await client.author.poems.list({
      params: { authorId: 'ada-lovelace' },
      query: { limit: 5, cursor: 'abc' },
    });
    await client.collection.poems.list({ params: { collectionId: 'c1' }, query: { tags: 'love,war' } });
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'GET https://poetry.example/api/author/ada-lovelace/poem?limit=5&cursor=abc',
      'GET https://poetry.example/api/collection/c1/poem?tags=love%2Cwar',
    ]);
  });

  it('sends no body where the contract says c.noBody()', async () => {
    const { client, requests } = recordingClient();
    await client.poem.likes.like({ params: { poemId: 'p1' } });
    await client.me.collections.poems.removeAlias({ params: { collectionId: 'c1', poemId: 'p1' } });
    await client.auth.logoutPost();
    expect(requests.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PUT', 'https://poetry.example/api/poem/p1/like', undefined],
      ['DELETE', 'https://poetry.example/api/me/collections/c1/poem/p1', undefined],
      ['POST', 'https://poetry.example/api/auth/logout', undefined],
    ]);
  });

  it('sends JSON bodies and multipart form data', async () => {
    const { client, requests } = recordingClient();
    await client.me.poems.update({ params: { poemId: 'p1' }, body: { title: 'Ode', is_published: true } });
    await client.me.poems.create({ body: {} });
    const form = new FormData();
    form.append('is_public', 'true');
    await client.me.collections.update({ params: { collectionId: 'c1' }, body: form });
    expect(requests[0]).toMatchObject({
      method: 'PUT',
      contentType: 'application/json',
      body: '{"title":"Ode","is_published":true}',
    });
    expect(requests[1]).toMatchObject({ method: 'POST', body: '{}' });
    expect(requests[2]).toMatchObject({ method: 'PUT', contentType: 'multipart/form-data', body: form });
  });
});
