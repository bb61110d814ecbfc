import { contract } from '@poetry/contract';
import { notYetBuiltRoutes } from '../../http/not-yet-built.js';
import type { ModuleContext } from '../context.js';

/** The author group without its poems and collections (those live with their modules). */
export function authorRoutes(_ctx: ModuleContext) {
  const { get, followers, lists } = notYetBuiltRoutes(contract.author);
  return { get, followers, lists };
}
