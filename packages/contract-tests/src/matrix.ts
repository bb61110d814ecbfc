import type { RouteName } from '@poetry/contract';
import type { Request } from './http.js';
import type { Caller, World } from './world.js';

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
  /** `row`: the row gets a world of its own (it ends sessions or deletes authors); `cell`: each cell does. */
  fresh?: 'row' | 'cell';
  /** The row reads mailed tokens, so it needs the server's outbox. */
  needsMail?: boolean;
};

type Options = Pick<MatrixRow, 'hides' | 'fresh' | 'needsMail'>;

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
