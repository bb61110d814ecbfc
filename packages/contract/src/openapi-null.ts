type Schema = Record<string, unknown>;

/**
 * The only value this schema admits is null, written so that OpenAPI 3.0 reads it: `nullable`
 * counts only beside a `type`, and then `enum` must list null itself.
 */
export const nullOnly = (): Schema => ({ type: 'object', nullable: true, enum: [null] });

const COMPOSITIONS = ['$ref', 'allOf', 'oneOf', 'anyOf'] as const;

/**
 * Whether OpenAPI 3.0 ignores this schema's `nullable: true`: without a `type` beside it, or
 * beside a `$ref` or a composition, whose subschemas refuse null whatever their parent says
 * (@ts-rest/open-api writes a nullable component as `{ nullable: true, allOf: [{ $ref }] }`).
 */
export function hasUnreadNullable(schema: Schema): boolean {
  return (
    schema.nullable === true &&
    (schema.type === undefined || COMPOSITIONS.some((keyword) => schema[keyword] !== undefined))
  );
}

/**
 * Rewrites, everywhere in `node` (a whole document), each schema whose `nullable` OpenAPI 3.0
 * would ignore into `anyOf: [the schema without it, nullOnly()]`, keeping its description.
 */
export function admitNullWhereNullable(node: unknown): void {
  if (typeof node !== 'object' || node === null) return;
  for (const child of Object.values(node)) admitNullWhereNullable(child);
  const schema = node as Schema;
  if (!hasUnreadNullable(schema)) return;
  const { nullable: _nullable, description, ...value } = schema;
  const { allOf, type: _type, ...others } = value;
  const onlyOne = Array.isArray(allOf) && allOf.length === 1 && Object.keys(others).length === 0;
  for (const key of Object.keys(schema)) delete schema[key];
  Object.assign(schema, description === undefined ? {} : { description }, {
    anyOf: [onlyOne ? allOf[0] : value, nullOnly()],
  });
}
