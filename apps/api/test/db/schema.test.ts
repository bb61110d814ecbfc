import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../src/db/embedded.js';
import {
  AUTHOR_EMAIL_INDEX,
  AUTHOR_USERNAME_INDEX,
  Author,
  AuthorFollow,
  AuthToken,
  Collection,
  CollectionFollow,
  CollectionPoem,
  Poem,
  PoemLike,
  PoemTag,
} from '../../src/db/entities/index.js';
import { migrate } from '../../src/db/migrate.js';
import { migrationsList } from '../../src/db/migrations/index.js';
import { createOrm, type MikroORM } from '../../src/db/orm.js';

const ALL_MIGRATIONS = migrationsList.map((migration) => migration.name);

/*
 * The schema itself: migrations applied once under concurrent start-up, entities equal to the
 * migration, counters kept exact by triggers (also under concurrency and through cascades).
 * Runs on an empty database of its own (not the migrated template), to migrate it here.
 */

let orm: MikroORM;
let url: string;

const em = () => orm.em.fork();
let seq = 0;
const newAuthor = (name = `a${++seq}`) => ({
  email: `${name}-${randomBytes(3).toString('hex')}@Example.com`,
  passwordHash: 'x',
  username: `${name}-${randomBytes(3).toString('hex')}`,
  firstname: 'Ada',
  lastname: 'Lovelace',
});

async function createTwoAuthors(): Promise<[Author, Author]> {
  const fork = em();
  const pair: [Author, Author] = [fork.create(Author, newAuthor()), fork.create(Author, newAuthor())];
  await fork.flush();
  return pair;
}

const createAuthor = async () => (await createTwoAuthors())[0];

/** Fresh counters straight from the database. */
async function authorCounts(id: string) {
  const a = await em().findOneOrFail(Author, id);
  return {
    poems: a.poemsCount,
    collections: a.collectionsCount,
    followers: a.followersCount,
    following: a.followingCount,
  };
}

let concurrentRuns: string[][];

beforeAll(async () => {
  const serverUrl = inject('postgresServerUrl');
  const name = `schema_${randomBytes(6).toString('hex')}`;
  await createDatabase(`${serverUrl}postgres`, name);
  url = serverUrl + name;
  orm = await createOrm(url, { poolMax: 12 });
  // three instances starting at once, two of them with a single pooled connection
  const others = await Promise.all([createOrm(url, { poolMax: 1 }), createOrm(url, { poolMax: 1 })]);
  try {
    concurrentRuns = await Promise.all([migrate(orm), ...others.map((o) => migrate(o))]);
  } finally {
    await Promise.all(others.map((o) => o.close()));
  }
});

afterAll(async () => {
  await orm?.close();
});

describe('migrate', () => {
  it('applies the migrations once when several instances start at the same time', async () => {
    expect(concurrentRuns.flat()).toEqual(ALL_MIGRATIONS);
    expect(concurrentRuns.filter((names) => names.length === 0)).toHaveLength(2);
    const rows = await orm.em.getConnection().execute('select name from mikro_orm_migrations');
    expect(rows.map((r) => r.name)).toEqual(ALL_MIGRATIONS);
    expect(await migrate(orm)).toEqual([]);
    // every lock was released (in this database: other test files share the server)
    const locks = await orm.em.getConnection().execute(
      `select count(*)::int as n from pg_locks
         where locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`,
    );
    expect(locks[0]?.n).toBe(0);
  });

  it('reverts cleanly: down() drops every table and function, up() works again', async () => {
    const name = `schema_down_${randomBytes(6).toString('hex')}`;
    await createDatabase(`${inject('postgresServerUrl')}postgres`, name);
    const other = await createOrm(inject('postgresServerUrl') + name, { poolMax: 2 });
    try {
      await migrate(other);
      await other.getMigrator().down({ to: 0 });
      const left = await other.em.getConnection().execute(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relname <> 'mikro_orm_migrations'
             and c.relname not like 'mikro_orm_migrations%'
         union all
         select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
           where n.nspname = 'public'`,
      );
      expect(left).toEqual([]);
      expect(await migrate(other)).toEqual(ALL_MIGRATIONS);
    } finally {
      await other.close();
    }
  });

  it('leaves nothing between the entities and the migrated schema', async () => {
    expect(await orm.schema.getUpdateSchemaSQL({ wrap: false })).toBe('');
  });
});

describe('entities', () => {
  it('gives an id (UUID v7) and timestamps at create time and reads back database defaults', async () => {
    const fork = em();
    const author = fork.create(Author, newAuthor());
    expect(author.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(author.createdAt).toBeInstanceOf(Date);
    await fork.flush();
    expect(author.bio).toBe('');
    expect(author.poemsCount).toBe(0);

    const poem = fork.create(Poem, { author });
    await fork.flush();
    expect(poem.tags).toEqual([]);
    expect(poem.title).toBe('');
    expect(poem.isPublished).toBe(false);
    expect(poem.readCount).toBe(0);

    const fresh = await em().findOneOrFail(Poem, poem.id);
    expect(fresh.author.id).toBe(author.id);
    expect(typeof fresh.readCount).toBe('number');
    expect(fresh.publishedAt).toBeNull();
  });

  it('keeps emails and usernames unique case-insensitively, naming the violated index', async () => {
    const a = await createAuthor();
    const taken = async (data: Partial<ReturnType<typeof newAuthor>>) => {
      const fork = em();
      fork.create(Author, { ...newAuthor(), ...data });
      const error = await fork.flush().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(UniqueConstraintViolationException);
      return (error as { constraint?: string }).constraint;
    };
    expect(await taken({ email: a.email.toUpperCase() })).toBe(AUTHOR_EMAIL_INDEX);
    expect(await taken({ username: a.username })).toBe(AUTHOR_USERNAME_INDEX);
  });

  it('rejects usernames outside [a-z0-9_-]{3,30} and self-follows', async () => {
    const fork = em();
    fork.create(Author, { ...newAuthor(), username: 'Ada Lovelace' });
    await expect(fork.flush()).rejects.toThrow(/author_username_check/);
    const a = await createAuthor();
    const f2 = em();
    f2.create(AuthorFollow, { follower: a.id, followee: a.id });
    await expect(f2.flush()).rejects.toThrow(/author_follow_not_self_check/);
  });

  it('searches the generated tsvector, never selected by default, and tags', async () => {
    const a = await createAuthor();
    const fork = em();
    const word = `nightingale${randomBytes(3).toString('hex')}`;
    const poem = fork.create(Poem, { author: a, title: 'Ode', body: `To a ${word}`, tags: ['ode'] });
    await fork.flush();
    const found = await em().find(Poem, { search: { $fulltext: word } });
    expect(found.map((p) => p.id)).toEqual([poem.id]);
    expect(found[0]?.search).toBeUndefined(); // lazy
    poem.body = 'changed';
    await fork.flush();
    expect(
      await em()
        .createQueryBuilder(Poem, 'p')
        .where(`p.search @@ websearch_to_tsquery('simple', ?)`, [word])
        .getCount(),
    ).toBe(0);
    expect(await em().count(Poem, { tags: { $contains: ['ode'] }, id: poem.id })).toBe(1);
  });
});

describe('counters', () => {
  it('follow the changes: publish, like, follow, public collections', async () => {
    const [a, b] = await createTwoAuthors();
    const fork = em();
    const poem = fork.create(Poem, { author: a.id, title: 'T', body: 'B' });
    await fork.flush();
    expect((await authorCounts(a.id)).poems).toBe(0); // drafts do not count

    poem.isPublished = true;
    poem.publishedAt = new Date();
    await fork.flush();
    expect((await authorCounts(a.id)).poems).toBe(1);

    fork.create(PoemLike, { poem: poem.id, author: b.id });
    fork.create(AuthorFollow, { follower: b.id, followee: a.id });
    const collection = fork.create(Collection, { owner: b.id, title: 'Mine', isPublic: true });
    const draftCollection = fork.create(Collection, { owner: b.id, title: 'Private' });
    await fork.flush();
    fork.create(CollectionFollow, { author: a.id, collection: collection.id });
    fork.create(CollectionPoem, { collection: collection.id, poem: poem.id });
    await fork.flush();

    expect((await em().findOneOrFail(Poem, poem.id)).likeCount).toBe(1);
    expect(await authorCounts(a.id)).toEqual({ poems: 1, collections: 0, followers: 1, following: 0 });
    expect(await authorCounts(b.id)).toEqual({ poems: 0, collections: 1, followers: 0, following: 1 });
    expect((await em().findOneOrFail(Collection, collection.id)).followersCount).toBe(1);

    // a stale entity in this fork is refreshed on demand
    await fork.refresh(poem);
    expect(poem.likeCount).toBe(1);

    draftCollection.isPublic = true;
    collection.isPublic = false;
    poem.isPublished = false;
    await fork.flush();
    expect(await authorCounts(b.id)).toMatchObject({ collections: 1 });
    expect(await authorCounts(a.id)).toMatchObject({ poems: 0 });

    await fork.nativeDelete(PoemLike, { poem: poem.id, author: b.id });
    await fork.nativeDelete(AuthorFollow, { follower: b.id, followee: a.id });
    await fork.nativeDelete(CollectionFollow, { author: a.id, collection: collection.id });
    expect((await em().findOneOrFail(Poem, poem.id)).likeCount).toBe(0);
    expect(await authorCounts(a.id)).toMatchObject({ followers: 0 });
    expect(await authorCounts(b.id)).toMatchObject({ following: 0 });
    expect((await em().findOneOrFail(Collection, collection.id)).followersCount).toBe(0);
  });

  it('stay exact under concurrent likes and crossing follows', async () => {
    const owner = await createAuthor();
    // 15 pairs of authors who will follow each other
    const pairs = await Promise.all(Array.from({ length: 15 }, () => createTwoAuthors()));
    const fans = pairs.flat();
    const fork = em();
    const poem = fork.create(Poem, {
      author: owner.id,
      title: 'T',
      body: 'B',
      isPublished: true,
      publishedAt: new Date(),
    });
    await fork.flush();

    await Promise.all(
      fans.map(async (fan) => {
        const f = em();
        f.create(PoemLike, { poem: poem.id, author: fan.id });
        await f.flush();
      }),
    );
    expect((await em().findOneOrFail(Poem, poem.id)).likeCount).toBe(30);

    // both directions of every pair at the same moment: no deadlock, no lost update
    await Promise.all(
      pairs.flatMap(([x, y]) =>
        (
          [
            [x, y],
            [y, x],
          ] as const
        ).map(async ([from, to]) => {
          const f = em();
          f.create(AuthorFollow, { follower: from.id, followee: to.id });
          await f.flush();
        }),
      ),
    );
    for (const fan of fans) {
      expect(await authorCounts(fan.id)).toMatchObject({ followers: 1, following: 1 });
    }

    await Promise.all(fans.map((fan) => em().nativeDelete(PoemLike, { poem: poem.id, author: fan.id })));
    expect((await em().findOneOrFail(Poem, poem.id)).likeCount).toBe(0);
  });
});

describe("copies of a poem's publication", () => {
  /** The poem's `poem_tag` rows and its memberships' `poemPublishedAt`, fresh. */
  async function copiesOf(poemId: string) {
    const tags = await em().find(PoemTag, { poem: poemId }, { orderBy: { tag: 'asc' } });
    const memberships = await em().find(CollectionPoem, { poem: poemId });
    return {
      tags: tags.map((row) => [row.tag, row.publishedAt.toISOString()]),
      collections: memberships.map((row) => row.poemPublishedAt?.toISOString() ?? null),
    };
  }

  it('follow it: publish, retag, unpublish, delete', async () => {
    const [a, b] = await createTwoAuthors();
    const fork = em();
    const poem = fork.create(Poem, { author: a, title: 't', body: 'b', tags: ['sea', 'night'] });
    const collection = fork.create(Collection, { owner: b, isPublic: true });
    await fork.flush();
    fork.create(CollectionPoem, { collection, poem });
    await fork.flush();
    expect(await copiesOf(poem.id)).toEqual({ tags: [], collections: [null] });

    const publishedAt = new Date('2026-01-02T03:04:05.678Z');
    Object.assign(poem, { isPublished: true, publishedAt });
    await fork.flush();
    const at = publishedAt.toISOString();
    expect(await copiesOf(poem.id)).toEqual({
      tags: [
        ['night', at],
        ['sea', at],
      ],
      collections: [at],
    });

    poem.tags = ['storm', 'sea'];
    await fork.flush();
    expect((await copiesOf(poem.id)).tags).toEqual([
      ['sea', at],
      ['storm', at],
    ]);

    poem.isPublished = false;
    await fork.flush();
    expect(await copiesOf(poem.id)).toEqual({ tags: [], collections: [null] });

    poem.isPublished = true;
    await fork.flush();
    await fork.remove(poem).flush();
    expect(await em().count(PoemTag, { poem: poem.id })).toBe(0);
  });

  it('reach a membership added while the poem is being published', async () => {
    const [a, b] = await createTwoAuthors();
    const fork = em();
    const poem = fork.create(Poem, { author: a, title: 't', body: 'b' });
    const collections = Array.from({ length: 30 }, () =>
      fork.create(Collection, { owner: b, isPublic: true }),
    );
    await fork.flush();
    const publishedAt = new Date();
    await Promise.all([
      ...collections.map((collection) =>
        em()
          .getConnection()
          .execute('insert into collection_poem (collection_id, poem_id) values (?, ?)', [
            collection.id,
            poem.id,
          ]),
      ),
      em().nativeUpdate(Poem, { id: poem.id }, { isPublished: true, publishedAt }),
    ]);
    expect((await copiesOf(poem.id)).collections).toEqual(collections.map(() => publishedAt.toISOString()));
  });

  it('are guarded: a published poem has a published_at, and no schedule', async () => {
    const a = await createAuthor();
    const unpublishedAt = em();
    unpublishedAt.create(Poem, { author: a, title: 't', body: 'b', isPublished: true });
    await expect(unpublishedAt.flush()).rejects.toThrow(/poem_published_at_check/);
    const scheduled = em();
    scheduled.create(Poem, {
      author: a,
      title: 't',
      body: 'b',
      isPublished: true,
      publishedAt: new Date(),
      publishAt: new Date(),
    });
    await expect(scheduled.flush()).rejects.toThrow(/poem_publish_at_check/);
  });
});

describe('deletes', () => {
  it('deleting a poem removes it from collections and likes', async () => {
    const [a, b] = await createTwoAuthors();
    const fork = em();
    const poem = fork.create(Poem, {
      author: a,
      isPublished: true,
      publishedAt: new Date(),
      title: 't',
      body: 'b',
    });
    const collection = fork.create(Collection, { owner: b, isPublic: true });
    await fork.flush();
    fork.create(PoemLike, { poem, author: b });
    fork.create(CollectionPoem, { collection, poem });
    await fork.flush();

    await fork.remove(poem).flush();
    expect(await em().count(PoemLike, { poem: poem.id })).toBe(0);
    expect(await em().count(CollectionPoem, { poem: poem.id })).toBe(0);
    expect(await em().count(Collection, { id: collection.id })).toBe(1);
    expect(await authorCounts(a.id)).toMatchObject({ poems: 0 });
  });

  it('deleting an author deletes everything they own and fixes everyone else’s counters', async () => {
    const [gone, other] = await createTwoAuthors();
    const fork = em();
    const ownPoem = fork.create(Poem, {
      author: gone,
      isPublished: true,
      publishedAt: new Date(),
      title: 't',
      body: 'b',
    });
    const otherPoem = fork.create(Poem, {
      author: other,
      isPublished: true,
      publishedAt: new Date(),
      title: 't',
      body: 'b',
    });
    const ownCollection = fork.create(Collection, { owner: gone, isPublic: true });
    const otherCollection = fork.create(Collection, { owner: other, isPublic: true });
    await fork.flush();
    fork.create(PoemLike, { poem: ownPoem, author: gone }); // likes own poem
    fork.create(PoemLike, { poem: ownPoem, author: other });
    fork.create(PoemLike, { poem: otherPoem, author: gone });
    fork.create(AuthorFollow, { follower: gone, followee: other });
    fork.create(AuthorFollow, { follower: other, followee: gone });
    fork.create(CollectionFollow, { author: gone, collection: otherCollection });
    fork.create(CollectionFollow, { author: other, collection: ownCollection });
    fork.create(CollectionPoem, { collection: otherCollection, poem: ownPoem });
    fork.create(CollectionPoem, { collection: ownCollection, poem: otherPoem });
    fork.create(AuthToken, {
      author: gone,
      purpose: 'verify_email',
      tokenHash: randomBytes(32).toString('hex'),
      email: gone.email,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await fork.flush();
    expect((await em().findOneOrFail(Poem, otherPoem.id)).likeCount).toBe(1);

    // through the unit of work, with the author's poems still in the identity map
    await fork.remove(gone).flush();

    const left = em();
    const connection = left.getConnection();
    for (const [table, column, id] of [
      ['author', 'id', gone.id],
      ['poem', 'author_id', gone.id],
      ['collection', 'owner_id', gone.id],
      ['poem_like', 'author_id', gone.id],
      ['poem_like', 'poem_id', ownPoem.id],
      ['author_follow', 'follower_id', gone.id],
      ['author_follow', 'followee_id', gone.id],
      ['collection_follow', 'author_id', gone.id],
      ['collection_follow', 'collection_id', ownCollection.id],
      ['collection_poem', 'poem_id', ownPoem.id],
      ['collection_poem', 'collection_id', ownCollection.id],
      ['auth_token', 'author_id', gone.id],
    ] as const) {
      const [row] = await connection.execute(`select count(*)::int as n from ${table} where ${column} = ?`, [
        id,
      ]);
      expect(row?.n, `${table}.${column}`).toBe(0);
    }
    expect(await authorCounts(other.id)).toEqual({ poems: 1, collections: 1, followers: 0, following: 0 });
    expect((await left.findOneOrFail(Poem, otherPoem.id)).likeCount).toBe(0);
    expect((await left.findOneOrFail(Collection, otherCollection.id)).followersCount).toBe(0);
  });
});
