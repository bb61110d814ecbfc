import { CreateCollectionBody, PageQuery, UpdateMeBody, UpdatePoemBody } from '@poetry/sdk';

/**
 * What an author can write, read from the contract's input schemas: every field made by the
 * contract's `text()` (a text of at most `max` characters) or a bounded list of them. A field
 * added to these bodies is filled here without a change.
 */
export type Field = { kind: 'text'; max: number } | { kind: 'list'; items: number; max: number };

/** Text fields no page shows. */
const NEVER_SHOWN = new Set(['password']);

/** The longest list a page may ask the API for (`?limit=`). */
export const LIST_MAX = PageQuery.shape.limit.removeDefault().maxValue ?? 100;

/** The zod internals this walks (zod 3's `_def`), and the contract's OpenAPI keywords. */
type Walked = {
  _def: {
    typeName: string;
    innerType?: Walked;
    schema?: Walked;
    type?: Walked;
    maxLength?: { value: number };
  };
  metaOpenApi?: { maxLength?: number };
  shape?: Record<string, Walked>;
};

function fieldOf(schema: Walked | undefined): Field | undefined {
  for (let at = schema; at; at = at._def.innerType ?? at._def.schema) {
    const max = at.metaOpenApi?.maxLength;
    if (max !== undefined) return { kind: 'text', max };
    if (at._def.typeName === 'ZodArray') {
      const item = fieldOf(at._def.type);
      const items = at._def.maxLength?.value;
      return item?.kind === 'text' && items !== undefined
        ? { kind: 'list', items, max: item.max }
        : undefined;
    }
  }
  return undefined;
}

function fieldsOf(body: unknown): Record<string, Field> {
  let at = body as Walked | undefined;
  while (at && !at.shape) at = at._def.schema;
  const fields = Object.entries(at?.shape ?? {}).flatMap(([name, schema]) => {
    const field = fieldOf(schema);
    return field && !NEVER_SHOWN.has(name) ? [[name, field] as const] : [];
  });
  return Object.fromEntries(fields);
}

/** The author-written fields of a poem, a collection and a profile. */
export const AUTHORED = {
  poem: fieldsOf(UpdatePoemBody),
  collection: fieldsOf(CreateCollectionBody),
  profile: fieldsOf(UpdateMeBody),
};

/** How a world fills a field: a text of at most `max` characters; list item `index`. */
export type Filler = { text(max: number): string; item(index: number, max: number): string };

/** `fields` filled by `filler`: texts, and lists at their longest. */
export function filled(fields: Record<string, Field>, filler: Filler): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => [
      name,
      field.kind === 'text'
        ? filler.text(field.max)
        : Array.from({ length: field.items }, (_, index) => filler.item(index, field.max)),
    ]),
  );
}

/**
 * The shapes of text that once made a page's cost grow with the text: a stanza every three
 * characters, a line every two, blank lines, `<br>` tags (the API turns them into line breaks),
 * one line as long as the field.
 */
export const SHAPES = {
  stanzas: 'a\n\n',
  lines: 'a\n',
  'blank lines': '\n \n\t\n',
  'br tags': '<br>',
  'one line': 'a ',
} as const;

/** `word` (to find it by), then `shape` repeated to `max` characters. */
export const atLimit = (word: string, shape: string, max: number) =>
  `${word} ${shape.repeat(Math.ceil(max / shape.length))}`.slice(0, max);
