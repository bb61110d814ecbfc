/**
 * Gives a schema's type a name, derived from the schema itself:
 *
 *     const poem = z.object({ ... });
 *     export interface PoemSchema extends Named<typeof poem> {}
 *     export const Poem: PoemSchema = poem;
 *
 * Declaration files (the SDK's `.d.ts`) spell an anonymous zod type out in full wherever it is
 * used, so a poem's would stand again in every route that answers one; an interface they name.
 * It is the schema's own type, so `z.infer`, `z.input` and ts-rest's inference see no difference.
 * (An interface cannot extend `typeof poem` directly; it can extend a type alias of it.)
 */
export type Named<Schema> = Schema;
