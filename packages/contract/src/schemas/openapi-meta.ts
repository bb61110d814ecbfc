import type { z } from 'zod';

/**
 * Extra OpenAPI keywords for a schema (a component `title`, `format: binary`, lengths counted
 * the way we count them). @ts-rest/open-api renders schemas with @anatine/zod-openapi, which
 * merges a schema's own `metaOpenApi` property into what it generates; this sets that property
 * the way anatine's `extendApi` does, without making the contract depend on anatine.
 *
 * Zod methods return new instances without it, so apply this last (after `.describe()`), and
 * wrap the result (`.optional()`, `.nullable()`) afterwards.
 */
export function withOpenApi<T extends z.ZodTypeAny>(schema: T, meta: Record<string, unknown>): T {
  const target = schema as T & { metaOpenApi?: Record<string, unknown> };
  target.metaOpenApi = { ...target.metaOpenApi, ...meta };
  return schema;
}
