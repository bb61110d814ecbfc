import type { UpdatePoemBody } from '@poetry/contract';
import type pg from 'pg';
import { Author, Poem } from '../../db/entities/index.js';
import { isUuid } from '../../db/keyset.js';
import type { MikroORM } from '../../db/orm.js';
import { notFound, unprocessable } from '../../errors.js';

/** The write side of poems: drafts, edits, publishing, deletion, likes. */
export function createPoemService({ orm, pool }: { orm: MikroORM; pool: pg.Pool }) {
  const em = () => orm.em;

  async function loadOwned(poemId: string, ownerId: string) {
    const poem = isUuid(poemId) ? await em().findOne(Poem, { id: poemId, author: ownerId }) : null;
    if (!poem) throw notFound('Poem');
    return poem;
  }

  return {
    /** A new poem is an unpublished draft with an empty title and body. */
    async createDraft(ownerId: string) {
      const poem = em().create(Poem, { author: em().getReference(Author, ownerId) });
      await em().flush();
      return poem.id;
    },

    /** Applies the fields sent; a poem that is published after the change needs a title and a body. */
    async update(poemId: string, ownerId: string, input: UpdatePoemBody) {
      const poem = await loadOwned(poemId, ownerId);
      if (input.title !== undefined) poem.title = input.title;
      if (input.body !== undefined) poem.body = input.body;
      if (input.tags !== undefined) poem.tags = input.tags;
      if (input.is_published !== undefined && input.is_published !== poem.isPublished) {
        poem.isPublished = input.is_published;
        poem.publishedAt = input.is_published ? new Date() : null;
      }
      if (poem.isPublished && (poem.title.trim() === '' || poem.body.trim() === '')) {
        throw unprocessable('A published poem needs a title and a body', [
          ...(poem.title.trim() === '' ? [{ path: 'title', message: 'is empty' }] : []),
          ...(poem.body.trim() === '' ? [{ path: 'body', message: 'is empty' }] : []),
        ]);
      }
      await em().flush();
    },

    /** Deletes the poem; its likes and collection memberships go with it (foreign keys cascade). */
    async delete(poemId: string, ownerId: string) {
      await em()
        .remove(await loadOwned(poemId, ownerId))
        .flush();
    },

    /** Idempotent: the primary key (poem, author) makes a second like, even a racing one, a no-op. */
    async like(poemId: string, authorId: string) {
      if (!isUuid(poemId)) throw notFound('Poem');
      await pool.query(
        `INSERT INTO poem_like (poem_id, author_id)
         SELECT id, $2 FROM poem WHERE id = $1 AND is_published
         ON CONFLICT DO NOTHING`,
        [poemId, authorId],
      );
    },

    async unlike(poemId: string, authorId: string) {
      if (!isUuid(poemId)) throw notFound('Poem');
      await pool.query('DELETE FROM poem_like WHERE poem_id = $1 AND author_id = $2', [poemId, authorId]);
    },
  };
}

export type PoemService = ReturnType<typeof createPoemService>;
