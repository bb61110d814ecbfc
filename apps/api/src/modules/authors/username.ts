import type { EntityManager } from '@mikro-orm/postgresql';

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

/**
 * The first of `base`, `base-2`, `base-3`, ... that nobody has. Two signups racing for the same
 * name can still collide; the unique index catches that and the caller asks again.
 */
export async function freeUsername(em: EntityManager, base: string): Promise<string> {
  const rows: { username: string }[] = await em
    .getConnection()
    .execute(
      `SELECT lower(username) AS username FROM author WHERE lower(username) = ? OR lower(username) LIKE ?`,
      [base, `${base}-%`],
    );
  const taken = new Set(rows.map((row) => row.username));
  if (!taken.has(base)) return base;
  let suffix = 2;
  while (taken.has(`${base}-${suffix}`)) suffix += 1;
  return `${base}-${suffix}`;
}
