import { z } from 'zod';
import { AuthorSummary } from './author.js';
import { FilePart } from './file.js';
import { PHOTO_UPLOAD } from './limits.js';
import type { Named } from './named.js';
import { withOpenApi } from './openapi-meta.js';
import { PageQuery, page } from './pagination.js';
import { Tag, TagList, Tags, TagsQuery } from './tags.js';
import { Count, Description, Id, ImageUrl, isStorableText, NOT_STORABLE, Timestamp, Title } from './text.js';

// ---- Record ----

const collection = withOpenApi(
  z.object({
    id: Id,
    title: z.string(),
    description: z.string(),
    tags: TagList,
    is_public: z.boolean(),
    image_url: ImageUrl.describe('1200×630 image, or null'),
    owner: AuthorSummary,
    poems_count: Count.describe('Poems in the collection that the caller can see'),
    followers_count: Count,
    followed_by_me: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  }),
  { title: 'Collection' },
);
export interface CollectionSchema extends Named<typeof collection> {}
export const Collection: CollectionSchema = collection;
export type Collection = z.infer<typeof Collection>;

// ---- Envelopes ----

const collectionResponse = z.object({ collection: Collection });
export interface CollectionResponseSchema extends Named<typeof collectionResponse> {}
export const CollectionResponse: CollectionResponseSchema = collectionResponse;
export type CollectionResponse = z.infer<typeof CollectionResponse>;

const collectionList = page('collections', Collection);
export interface CollectionListSchema extends Named<typeof collectionList> {}
export const CollectionList: CollectionListSchema = collectionList;
export type CollectionList = z.infer<typeof CollectionList>;

// ---- Multipart field types ----

/**
 * `tags` in a multipart body arrives as one string per `tags` part: a single part is a plain
 * string, several are an array. JSON bodies may send the array. A multipart body cannot send an
 * empty list; clearing all tags takes a JSON body with `"tags": []`.
 */
const TagsField = z.union([Tags, Tag.transform((tag) => [tag])]);

/** `is_public` as a JSON boolean or, in multipart, the text `true` / `false`. Nothing else. */
const BooleanField = z
  .union([z.boolean(), z.enum(['true', 'false'])], {
    errorMap: () => ({ message: 'Must be true or false' }),
  })
  .transform((value) => value === true || value === 'true');

// ---- Bodies ----

const createCollectionBody = z
  .object({
    title: Title.optional().describe('Default ""'),
    tags: Tags.optional().describe('Default []'),
    description: Description.optional().describe('Default ""'),
    is_public: z.boolean().optional().describe('Default false: a new collection is private'),
  })
  .strict();
export interface CreateCollectionBodySchema extends Named<typeof createCollectionBody> {}
export const CreateCollectionBody: CreateCollectionBodySchema = createCollectionBody;
export type CreateCollectionBody = z.infer<typeof CreateCollectionBody>;
export type CreateCollectionInput = z.input<typeof CreateCollectionBody>;

const updateCollectionBody = z
  .object({
    title: Title.optional(),
    tags: TagsField.optional().describe('Replaces all the tags; in multipart, one `tags` part per tag'),
    description: Description.optional(),
    is_public: BooleanField.optional().describe('true makes the collection public, false private'),
    image: FilePart.optional().describe(`Multipart only. ${PHOTO_UPLOAD.rules}; re-encoded to 1200×630`),
  })
  .strict();
export interface UpdateCollectionBodySchema extends Named<typeof updateCollectionBody> {}
/** Sent as multipart/form-data (the published form, the only one that can carry `image`) or as JSON. */
export const UpdateCollectionBody: UpdateCollectionBodySchema = updateCollectionBody;
export type UpdateCollectionBody = z.infer<typeof UpdateCollectionBody>;
export type UpdateCollectionInput = z.input<typeof UpdateCollectionBody>;

const addPoemToCollectionBody = z
  .object({
    is_hidden: z
      .boolean()
      .default(false)
      .describe('Hide the poem from the public view of the collection; the owner still sees it'),
  })
  .strict();
export interface AddPoemToCollectionBodySchema extends Named<typeof addPoemToCollectionBody> {}
export const AddPoemToCollectionBody: AddPoemToCollectionBodySchema = addPoemToCollectionBody;
export type AddPoemToCollectionBody = z.infer<typeof AddPoemToCollectionBody>;
export type AddPoemToCollectionInput = z.input<typeof AddPoemToCollectionBody>;

// ---- Queries ----

const collectionPoemsQuery = PageQuery.extend({
  author_id: z
    .string()
    .refine(isStorableText, NOT_STORABLE)
    .optional()
    .describe('Only poems by this author (id or username); an unknown author matches nothing'),
  tags: TagsQuery.optional(),
});
export interface CollectionPoemsQuerySchema extends Named<typeof collectionPoemsQuery> {}
export const CollectionPoemsQuery: CollectionPoemsQuerySchema = collectionPoemsQuery;
export type CollectionPoemsQuery = z.infer<typeof CollectionPoemsQuery>;
export type CollectionPoemsQueryInput = z.input<typeof CollectionPoemsQuery>;

const publicCollectionPoemsQuery = CollectionPoemsQuery.omit({ author_id: true });
export interface PublicCollectionPoemsQuerySchema extends Named<typeof publicCollectionPoemsQuery> {}
/** A public collection's poems as any reader lists them: `tags` as above, no `author_id`. */
export const PublicCollectionPoemsQuery: PublicCollectionPoemsQuerySchema = publicCollectionPoemsQuery;
export type PublicCollectionPoemsQuery = z.infer<typeof PublicCollectionPoemsQuery>;
export type PublicCollectionPoemsQueryInput = z.input<typeof PublicCollectionPoemsQuery>;
