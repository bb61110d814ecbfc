import { contract } from '@poetry/contract';
import { notYetBuiltRoutes } from '../../http/not-yet-built.js';
import type { ModuleContext } from '../context.js';

export function collectionRoutes(_ctx: ModuleContext) {
  return notYetBuiltRoutes(contract.collection);
}

export function meCollectionRoutes(_ctx: ModuleContext) {
  return notYetBuiltRoutes(contract.me.collections);
}

export function authorCollectionRoutes(_ctx: ModuleContext) {
  return notYetBuiltRoutes(contract.author.collections);
}
