import { z } from 'zod';
import { AuthorSummary } from './author.js';
import { FilePart } from './file.js';
import { withOpenApi } from './openapi-meta.js';
import { PageQuery, page } from './pagination.js';
import { Tag, TagList, Tags, TagsQuery } from './tags.js';
import { Count, Description, Id, ImageUrl, isStorableText, NOT_STORABLE, Timestamp, Title } from './text.js';

// ---- Record ----

export const Collection = withOpenApi(
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
export type Collection = z.infer<typeof Collection>;

// ---- Envelopes ----

export const CollectionResponse = z.object({ collection: Collection });
export type CollectionResponse = z.infer<typeof CollectionResponse>;

export const CollectionList = page('collections', Collection);
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

export const CreateCollectionBody = z
  .object({
    title: Title.optional().describe('Default ""'),
    tags: Tags.optional().describe('Default []'),
    description: Description.optional().describe('Default ""'),
    is_public: z.boolean().optional().describe('Default false: a new collection is private'),
  })
  .strict();
export type CreateCollectionBody = z.infer<typeof CreateCollectionBody>;
export type CreateCollectionInput = z.input<typeof CreateCollectionBody>;

/** Sent as multipart/form-data (the published form, the only one that can carry `image`) or as JSON. */
export const UpdateCollectionBody = z
  .object({
    title: Title.optional(),
    tags: TagsField.optional().describe('Replaces all the tags; in multipart, one `tags` part per tag'),
    description: Description.optional(),
    is_public: BooleanField.optional().describe('true makes the collection public, false private'),
    image: FilePart.optional().describe(
      'Multipart only. JPEG, PNG, WebP or GIF (judged by content), at most 5 MB; re-encoded to 1200×630',
    ),
  })
  .strict();
export type UpdateCollectionBody = z.infer<typeof UpdateCollectionBody>;
export type UpdateCollectionInput = z.input<typeof UpdateCollectionBody>;

export const AddPoemToCollectionBody = z
  .object({
    is_hidden: z
      .boolean()
      .default(false)
      .describe('Hide the poem from the public view of the collection; the owner still sees it'),
  })
  .strict();
export type AddPoemToCollectionBody = z.infer<typeof AddPoemToCollectionBody>;
export type AddPoemToCollectionInput = z.input<typeof AddPoemToCollectionBody>;

// ---- Queries ----

export const CollectionPoemsQuery = PageQuery.extend({
  author_id: z
    .string()
    .refine(isStorableText, NOT_STORABLE)
    .optional()
    .describe('Only poems by this author (id or username); an unknown author matches nothing'),
  tags: TagsQuery.optional(),
});
export type CollectionPoemsQuery = z.infer<typeof CollectionPoemsQuery>;
export type CollectionPoemsQueryInput = z.input<typeof CollectionPoemsQuery>;

/** A public collection's poems as any reader lists them: `tags` as above, no `author_id`. */
export const PublicCollectionPoemsQuery = CollectionPoemsQuery.omit({ author_id: true });
export type PublicCollectionPoemsQuery = z.infer<typeof PublicCollectionPoemsQuery>;
export type PublicCollectionPoemsQueryInput = z.input<typeof PublicCollectionPoemsQuery>;
