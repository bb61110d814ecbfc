import { z } from 'zod';
import { AuthorSummary } from './author.js';
import { MORE_BY_AUTHOR_MAX } from './limits.js';
import type { Named } from './named.js';
import { withOpenApi } from './openapi-meta.js';
import { PageQuery, page } from './pagination.js';
import { TagList, Tags, TagsQuery } from './tags.js';
import { Count, Id, isStorableText, NOT_STORABLE, PoemText, Timestamp, Title } from './text.js';

export const Metric = z.enum(['read', 'clicked', 'shared']);
export type Metric = z.infer<typeof Metric>;

// ---- Record ----

const poemShape = {
  id: Id,
  title: z.string(),
  body: z.string().describe('Plain text with "\\n" line breaks; clients escape any markup in it'),
  tags: TagList,
  is_published: z.boolean(),
  published_at: Timestamp.nullable().describe(
    'When first published, kept if the poem is unpublished and published again; null if it never was',
  ),
  created_at: Timestamp,
  updated_at: Timestamp,
  author: AuthorSummary,
  like_count: Count,
  liked_by_me: z.boolean().describe('Whether the caller likes this poem; false when not logged in'),
  metrics: z.object({ read: Count, clicked: Count, shared: Count }),
};

const poem = withOpenApi(
  z.object({
    ...poemShape,
    is_hidden: z
      .boolean()
      .optional()
      .describe(
        'Present only on poems listed through a collection the caller owns: hidden from its public view',
      ),
  }),
  { title: 'Poem' },
);
export interface PoemSchema extends Named<typeof poem> {}
/** A poem as anyone sees it. */
export const Poem: PoemSchema = poem;
export type Poem = z.infer<typeof Poem>;

const myPoem = withOpenApi(
  z.object({
    ...poemShape,
    share_key: z
      .string()
      .describe(
        'Opens the poem, draft or published, to anyone at `GET /api/poem/private/{share_key}`; ' +
          '`POST /api/me/poem/{poemId}/share_key` replaces it',
      ),
    publish_at: Timestamp.nullable().describe(
      'When the poem is scheduled to be published; null if it is not',
    ),
  }),
  { title: 'MyPoem' },
);
export interface MyPoemSchema extends Named<typeof myPoem> {}
/** One of the caller's own poems, as `/api/me/poem` shows it: the Poem and what only its author sees. */
export const MyPoem: MyPoemSchema = myPoem;
export type MyPoem = z.infer<typeof MyPoem>;

const poemLink = withOpenApi(z.object({ id: Id, title: z.string() }), { title: 'PoemLink' });
export interface PoemLinkSchema extends Named<typeof poemLink> {}
/** A published poem as a link to it names it. */
export const PoemLink: PoemLinkSchema = poemLink;
export type PoemLink = z.infer<typeof PoemLink>;

// ---- Envelopes ----

const poemResponse = z.object({ poem: Poem });
export interface PoemResponseSchema extends Named<typeof poemResponse> {}
export const PoemResponse: PoemResponseSchema = poemResponse;
export type PoemResponse = z.infer<typeof PoemResponse>;

const poemList = page('poems', Poem);
export interface PoemListSchema extends Named<typeof poemList> {}
export const PoemList: PoemListSchema = poemList;
export type PoemList = z.infer<typeof PoemList>;

const poemAround = z.object({
  poem: Poem,
  more_by_author: z
    .array(PoemLink)
    .describe(`Up to ${MORE_BY_AUTHOR_MAX} other published poems of its author, newest published first`),
  collection: z
    .object({
      id: Id,
      title: z.string(),
      owner: AuthorSummary,
      // A titled schema's description would land in its component: the collection's says these.
      previous: PoemLink.nullable(),
      next: PoemLink.nullable(),
    })
    .nullable()
    .describe(
      "With `collection_id`: the poem's place in that collection's public view, `previous` the poem listed before " +
        'it (published later, null for the first) and `next` the one after it (null for the last); null without ' +
        '`collection_id`, or when no public collection of that id shows the poem',
    ),
});
export interface PoemAroundSchema extends Named<typeof poemAround> {}
/** A poem and what its reader may read next: more by its author, and its neighbours in a collection. */
export const PoemAround: PoemAroundSchema = poemAround;
export type PoemAround = z.infer<typeof PoemAround>;

const myPoemResponse = z.object({ poem: MyPoem });
export interface MyPoemResponseSchema extends Named<typeof myPoemResponse> {}
export const MyPoemResponse: MyPoemResponseSchema = myPoemResponse;
export type MyPoemResponse = z.infer<typeof MyPoemResponse>;

const myPoemList = page('poems', MyPoem);
export interface MyPoemListSchema extends Named<typeof myPoemList> {}
export const MyPoemList: MyPoemListSchema = myPoemList;
export type MyPoemList = z.infer<typeof MyPoemList>;

// ---- Bodies ----

/** An object of no field. */
type NoField = Record<string, never>;
// Typed as holding no field: `z.object({})` infers `{}`, to which TypeScript lets any object be
// given, so `{ title }` type-checked and then the server answered 400.
const createPoemBody: z.ZodObject<NoField, 'strict', z.ZodTypeAny, NoField, NoField> = z.object({}).strict();
export interface CreatePoemBodySchema extends Named<typeof createPoemBody> {}
/** `POST /api/me/poem` takes an empty JSON object: a new poem is always an empty draft. */
export const CreatePoemBody: CreatePoemBodySchema = createPoemBody;
export type CreatePoemBody = z.infer<typeof CreatePoemBody>;

const updatePoemBody = z
  .object({
    title: Title.optional(),
    body: PoemText.optional(),
    tags: Tags.optional().describe('Replaces all the tags of the poem'),
    is_published: z.boolean().optional().describe('true publishes now, false unpublishes'),
    publish_at: z
      .string()
      .datetime({ offset: true })
      .nullable()
      .optional()
      .describe('Publishes the unpublished poem at this time (ISO 8601, in the future); null cancels'),
  })
  .strict();
export interface UpdatePoemBodySchema extends Named<typeof updatePoemBody> {}
export const UpdatePoemBody: UpdatePoemBodySchema = updatePoemBody;
export type UpdatePoemBody = z.infer<typeof UpdatePoemBody>;
export type UpdatePoemInput = z.input<typeof UpdatePoemBody>;

const metricBody = z.object({ metric: Metric }).strict();
export interface MetricBodySchema extends Named<typeof metricBody> {}
export const MetricBody: MetricBodySchema = metricBody;
export type MetricBody = z.infer<typeof MetricBody>;
export type MetricInput = z.input<typeof MetricBody>;

// ---- Queries ----

const poemSearchQuery = PageQuery.extend({
  q: z
    .string()
    .trim()
    .max(200)
    .refine(isStorableText, NOT_STORABLE)
    .optional()
    .describe('Search terms, websearch syntax; absent or blank: no text filter, newest published first'),
  tags: TagsQuery.optional(),
});
export interface PoemSearchQuerySchema extends Named<typeof poemSearchQuery> {}
export const PoemSearchQuery: PoemSearchQuerySchema = poemSearchQuery;
export type PoemSearchQuery = z.infer<typeof PoemSearchQuery>;
export type PoemSearchQueryInput = z.input<typeof PoemSearchQuery>;

const poemAroundQuery = z.object({
  collection_id: z
    .string()
    .optional()
    .describe('The collection (id, a UUID) the poem is read in; any other value names no collection'),
});
export interface PoemAroundQuerySchema extends Named<typeof poemAroundQuery> {}
/** `?collection_id=` of `GET /api/poem/{poemId}/around`. Not strict: unknown query parameters are ignored. */
export const PoemAroundQuery: PoemAroundQuerySchema = poemAroundQuery;
export type PoemAroundQuery = z.infer<typeof PoemAroundQuery>;
