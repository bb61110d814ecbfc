import { authorIdSql } from './author-ref.js';
import { collectionVisibleTo } from './collection-read-model.js';

/** Which collections a lookup by id may find for the viewer. */
export type CollectionScope =
  /** public ones and the viewer's own */
  | { kind: 'visible' }
  /** the viewer's own only */
  | { kind: 'owned' }
  /** the visible ones of one author, named by id or username */
  | { kind: 'visibleOf'; authorRef: string };

export const VISIBLE: CollectionScope = { kind: 'visible' };
export const OWNED: CollectionScope = { kind: 'owned' };

/** SQL predicate on the collection `c` for `scope`; the viewer id is in parameter `viewerParam`. */
export function collectionScopeSql(
  scope: CollectionScope,
  viewerParam: string,
  param: (value: unknown) => string,
): string {
  switch (scope.kind) {
    case 'visible':
      return collectionVisibleTo(viewerParam);
    case 'owned':
      return `c.owner_id = ${viewerParam}::uuid`;
    case 'visibleOf':
      return `c.owner_id = ${authorIdSql(scope.authorRef, param)} AND ${collectionVisibleTo(viewerParam)}`;
  }
}
