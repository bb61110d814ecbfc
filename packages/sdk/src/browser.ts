// The SDK as a bundler takes it for a browser (the `browser` condition of package.json's
// exports): the browser keeps the session cookie, so the cookie jar (tough-cookie and its public
// suffix list, two thirds of the bundle) stays out. Its types are those of index.ts, but for
// `CookieSession`, which is not here.
import { browserSession } from './browser-session.js';
import { createClient, type PoetryClient, type PoetryClientOptions } from './client.js';

export * from './exports.js';

/**
 * A typed client of the poetry service: `client.me.poems.update({ params, body })`. The browser
 * keeps the session cookie and sends it (`credentials: 'include'`).
 */
export function createPoetryClient(options: PoetryClientOptions): PoetryClient {
  if (options.session !== undefined) {
    throw new TypeError('In a browser the browser keeps the session cookie: `session` cannot be given');
  }
  return createClient(options, browserSession);
}
