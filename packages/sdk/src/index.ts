import { createClient, type PoetryClient, type PoetryClientOptions } from './client.js';
import { CookieSession } from './cookie-session.js';

export { CookieSession } from './cookie-session.js';
export * from './exports.js';

/**
 * A typed client of the poetry service: `client.me.poems.update({ params, body })`. It keeps the
 * session cookie itself (`client.session`). Bundled for a browser, the SDK's `browser` entry
 * leaves the cookie to the browser instead.
 */
export function createPoetryClient(options: PoetryClientOptions): PoetryClient {
  return createClient(options, new CookieSession(options.session));
}
