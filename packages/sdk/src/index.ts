// The contract's values (schemas, `contract`, helpers such as `charCount`) and their types: a
// type-only re-export let `import { Poem } from '@poetry/sdk'` type-check and then fail to load.
export * from '@poetry/contract';
export {
  createPoetryClient,
  type PoetryClient,
  type PoetryClientOptions,
  type SdkRoute,
  type SdkRouter,
} from './client.js';
export { CookieSession } from './cookie-session.js';
export { ApiError, NetworkError } from './errors.js';
export { type ItemOf, paginate } from './pagination.js';
export type { RetryOptions } from './retry.js';
