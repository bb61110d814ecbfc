import type { RouteName } from '@poetry/contract';
import type { Request } from './http.js';
import { CALLERS, type Caller, cookieOf, type World } from './world.js';

/** Expected statuses in the matrix's column order: anonymous, deleted author's cookie, other author, owner. */
export type Statuses = readonly [anonymous: number, deleted: number, other: number, owner: number];

export type MatrixRow = {
  route: RouteName;
  /** What the request is aimed at, as the reader of the table sees it. */
  target: string;
  request: (world: World, caller: Caller) => Request | Promise<Request>;
  expected: Statuses;
  /**
   * `public`: a public view; nobody, the owner included, sees the owner's private things there.
   * `owner`: the owner's own view; the owner's cell may show them, no other cell.
   */
  view: 'public' | 'owner';
  /** Further ids this row's view must not show to anyone but the owner (in an owner view) or at all. */
  hides?: (world: World) => string[];
  /** Private ids the request itself opens to every caller (a share link opens its draft). */
  reveals?: (world: World) => string[];
  /** `row`: the row gets a world of its own (it ends sessions or deletes authors); `cell`: each cell does. */
  fresh?: 'row' | 'cell';
  /** The row reads mailed tokens, so it needs the server's outbox. */
  needsMail?: boolean;
};

type Options = Pick<MatrixRow, 'hides' | 'reveals' | 'fresh' | 'needsMail'>;

/** One line of the table. */
export function row(
  route: RouteName,
  target: string,
  expected: Statuses,
  view: MatrixRow['view'],
  request: MatrixRow['request'],
  options: Options = {},
): MatrixRow {
  return { route, target, expected, view, request, ...options };
}

/**
 * A request `route` takes, from the matrix `rows`: that of its first row with a cell that
 * succeeds, as that cell's caller (the owner where the owner's succeeds), with the caller's cookie.
 * Rows that need a mailed token are passed over; a route whose other rows all fail (a reset with
 * an unknown token) takes its first row's request, well-formed all the same, as the owner.
 */
export async function acceptedRequest(rows: MatrixRow[], world: World, route: RouteName): Promise<Request> {
  const candidates = rows.filter((row) => row.route === route && !row.needsMail);
  const succeeds = (row: MatrixRow, caller: Caller) =>
    (row.expected[CALLERS.indexOf(caller)] as number) < 300;
  const row =
    candidates.find((candidate) => CALLERS.some((caller) => succeeds(candidate, caller))) ?? candidates[0];
  if (!row) throw new Error(`no row for ${route} in the matrix`);
  const caller = [...CALLERS].reverse().find((candidate) => succeeds(row, candidate)) ?? 'owner';
  return { ...(await row.request(world, caller)), cookie: cookieOf(world, caller) };
}
