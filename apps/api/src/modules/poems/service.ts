import type { Metric, UpdatePoemBody } from '@poetry/contract';
import { Author, Poem } from '../../db/entities/index.js';
import { type FieldError, found, notFound, unprocessable } from '../../errors.js';
import { type PoemRow, poemColumns } from '../common/poem-view.js';
import type { ModuleContext } from '../context.js';

/** The column of each metric; a closed list, so it is safe to put into SQL. */
const METRIC_COLUMN: Record<Metric, string> = {
  read: 'read_count',
  clicked: 'clicked_count',
  shared: 'shared_count',
};

/** The writes of poems: drafts, edits, publishing, deletion, likes, metrics. Ids are checked UUIDs. */
export function createPoemService({ orm, pool }: Pick<ModuleContext, 'orm' | 'pool'>) {
  const em = () => orm.em;

  const loadOwned = async (poemId: string, ownerId: string) =>
    found(await em().findOne(Poem, { id: poemId, author: ownerId }), 'Poem');

  return {
    /** A new poem is an unpublished draft with an empty title and body. */
    async createDraft(ownerId: string) {
      const poem = em().create(Poem, { author: em().getReference(Author, ownerId) });
      await em().flush();
      return poem.id;
    },

    /**
     * Applies the fields sent. `published_at` is set at the first publication and kept after.
     * Publishing now cancels a schedule; a schedule is for an unpublished poem and a time to come.
     * A poem published or scheduled after the change needs a title and a body.
     */
    async update(poemId: string, ownerId: string, input: UpdatePoemBody) {
      const poem = await loadOwned(poemId, ownerId);
      const now = new Date();
      if (input.title !== undefined) poem.title = input.title;
      if (input.body !== undefined) poem.body = input.body;
      if (input.tags !== undefined) poem.tags = input.tags;
      if (input.is_published !== undefined && input.is_published !== poem.isPublished) {
        poem.isPublished = input.is_published;
        if (poem.isPublished) poem.publishedAt ??= now;
      }
      const publishAt = input.publish_at ? new Date(input.publish_at) : null;
      if (input.publish_at !== undefined) poem.publishAt = publishAt;
      else if (poem.isPublished) poem.publishAt = null;

      const problems: FieldError[] = [];
      if (publishAt && poem.isPublished)
        problems.push({
          path: 'publish_at',
          code: 'already_published',
          message: 'is for an unpublished poem',
        });
      else if (publishAt && publishAt <= now)
        problems.push({ path: 'publish_at', code: 'not_in_future', message: 'is not in the future' });
      if (poem.isPublished || poem.publishAt) {
        if (poem.title.trim() === '') problems.push({ path: 'title', code: 'required', message: 'is empty' });
        if (poem.body.trim() === '') problems.push({ path: 'body', code: 'required', message: 'is empty' });
      }
      if (problems.length) throw unprocessable('The poem cannot be published or scheduled so', problems);
      await em().flush();
    },

    /** A new share key for one of the owner's poems: the old one opens nothing from now on. */
    async renewShareKey(poemId: string, ownerId: string) {
      const { rowCount } = await pool.query(
        'UPDATE poem SET share_key = DEFAULT WHERE id = $1 AND author_id = $2',
        [poemId, ownerId],
      );
      if (rowCount === 0) throw notFound('Poem');
    },

    /** Deletes the poem; its likes and collection memberships go with it (foreign keys cascade). */
    async delete(poemId: string, ownerId: string) {
      await em()
        .remove(await loadOwned(poemId, ownerId))
        .flush();
    },

    /** Idempotent: the primary key (poem, author) makes a second like, even a racing one, a no-op. */
    async like(poemId: string, authorId: string) {
      await pool.query(
        `INSERT INTO poem_like (poem_id, author_id)
         SELECT id, $2 FROM poem WHERE id = $1 AND is_published
         ON CONFLICT DO NOTHING`,
        [poemId, authorId],
      );
    },

    async unlike(poemId: string, authorId: string) {
      await pool.query('DELETE FROM poem_like WHERE poem_id = $1 AND author_id = $2', [poemId, authorId]);
    },

    /**
     * Adds one to a published poem's metric in a single atomic UPDATE, and answers the poem as
     * the viewer sees it in the same statement (the hottest write: one round trip, not two).
     */
    async incrementMetric(poemId: string, metric: Metric, viewer: string | null) {
      const column = METRIC_COLUMN[metric];
      const { rows } = await pool.query<PoemRow>(
        `WITH p AS (UPDATE poem SET ${column} = ${column} + 1 WHERE id = $2 AND is_published RETURNING *)
         SELECT ${poemColumns('$1')} FROM p JOIN author a ON a.id = p.author_id`,
        [viewer, poemId],
      );
      return rows[0];
    },
  };
}

export type PoemService = ReturnType<typeof createPoemService>;
