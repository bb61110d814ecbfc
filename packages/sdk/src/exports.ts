// What the SDK exports in Node and in browsers alike (index.ts and browser.ts add
// `createPoetryClient`, each with the session of its platform).
// The contract's values (schemas, `contract`, helpers such as `charCount`) and their types: a
// type-only re-export let `import { Poem } from '@poetryhq/sdk'` type-check and then fail to load.
export * from '@poetry/contract';
export type {
  PoetryClient,
  PoetryClientOptions,
  SdkRoute,
  SdkRouter,
} from './client.js';
export { ApiError, NetworkError } from './errors.js';
export { type ItemOf, paginate } from './pagination.js';
export type { RetryOptions } from './retry.js';
export type { ClientSession } from './session.js';
