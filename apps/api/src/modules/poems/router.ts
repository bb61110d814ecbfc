import { contract } from '@poetry/contract';
import { notYetBuiltRoutes } from '../../http/not-yet-built.js';
import type { ModuleContext } from '../context.js';

export function poemRoutes(_ctx: ModuleContext) {
  return notYetBuiltRoutes(contract.poem);
}

export function mePoemRoutes(_ctx: ModuleContext) {
  return notYetBuiltRoutes(contract.me.poems);
}

export function authorPoemRoutes(_ctx: ModuleContext) {
  return notYetBuiltRoutes(contract.author.poems);
}

export function feedRoute(_ctx: ModuleContext) {
  return notYetBuiltRoutes({ feed: contract.me.feed }).feed;
}
