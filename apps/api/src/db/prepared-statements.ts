import { createHash } from 'node:crypto';
import pg from 'pg';

// The SQL texts come from code (values are always parameters), so there are few of them; the cap
// only guards against a future caller that builds text from data.
const MAX_NAMED_TEXTS = 2_000;
const names = new Map<string, string>();

function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_TEXTS) {
    name = `p_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

/**
 * `text` with its `values` as a query this client leaves unnamed, which PostgreSQL plans at every
 * call for the values given. For a statement whose best plan depends on them: a search finds a
 * common word by walking the newest poems and a rare one through its index, and the generic plan
 * a prepared statement may settle on after five calls would take one path for every word.
 */
export const plannedPerCall = (text: string, values: unknown[]): pg.QueryConfig => ({ text, values });

/**
 * A client that runs each parameterised query as a named prepared statement, so PostgreSQL plans
 * a SQL text once per connection instead of at every call. Measured with `pnpm bench`: planning
 * took 0.5–4 ms of PostgreSQL's CPU per query, more than executing the hot reads did.
 */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of pg's query unchanged
  override query(...args: any[]): any {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values)) {
      const name = statementName(text);
      if (name) args[0] = { name, text };
    }
    // biome-ignore lint/suspicious/noExplicitAny: see above
    return (super.query as (...forwarded: any[]) => any)(...args);
  }
}
