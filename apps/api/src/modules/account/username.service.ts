import type { EntityManager } from '@mikro-orm/postgresql';
import { RESERVED_USERNAMES } from '@poetry/contract';

const MAX_BASE_LENGTH = 24;
const FALLBACK = 'author';

/** `Ada`, `Lovelace` → `ada-lovelace`: lower-case ASCII letters, digits and dashes. */
export function usernameBase(firstname: string, lastname: string): string {
  const slug = `${firstname} ${lastname}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_BASE_LENGTH)
    .replace(/-+$/, '');
  return slug.length >= 3 ? slug : FALLBACK;
}

/** How long a name handed out counts as taken, though its author may not be stored yet. */
const HANDED_OUT_MS = 10_000;
/** Per ORM (so per database): each name handed out lately, with when, oldest first. */
const handedOutBy = new WeakMap<object, Map<string, number>>();

/** The names `em`'s database was handed out in the last HANDED_OUT_MS. */
function handedOutLately(em: EntityManager, now: number): Map<string, number> {
  let handedOut = handedOutBy.get(em.getDriver());
  if (!handedOut) {
    handedOut = new Map();
    handedOutBy.set(em.getDriver(), handedOut);
  }
  for (const [name, at] of handedOut) {
    if (now - at <= HANDED_OUT_MS) break;
    handedOut.delete(name);
  }
  return handedOut;
}

/**
 * The first of `base`, `base-2`, `base-3`, ... that nobody has, is not reserved (`list` would
 * make `/api/author/list/...` ambiguous), nor was just handed out by this instance: namesakes signing up at the same moment would otherwise all pick the same "first
 * free" name, and only one per round of the caller's retries would get in (the reliability
 * suite's 20 namesakes at once got 500s). Signups racing through two instances can still
 * collide; the unique index catches that and the caller asks again.
 */
export async function freeUsername(em: EntityManager, base: string): Promise<string> {
  const rows: { username: string }[] = await em
    .getConnection()
    .execute(
      `SELECT lower(username) AS username FROM author WHERE lower(username) = ? OR lower(username) LIKE ?`,
      [base, `${base}-%`],
    );
  const stored = new Set(rows.map((row) => row.username));
  const now = Date.now();
  const handedOut = handedOutLately(em, now);
  const taken = (name: string) =>
    RESERVED_USERNAMES.includes(name) || stored.has(name) || handedOut.has(name);
  let name = base;
  for (let suffix = 2; taken(name); suffix += 1) name = `${base}-${suffix}`;
  handedOut.set(name, now);
  return name;
}
