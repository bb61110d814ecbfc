import type { RouteNameOf } from './named-routes.js';
import { auth } from './routes/auth.js';
import { author } from './routes/author.js';
import { collection } from './routes/collection.js';
import { mail } from './routes/mail.js';
import { me } from './routes/me.js';
import { poem } from './routes/poem.js';
import { c } from './routes/shared.js';

/**
 * The poetry service's HTTP contract. The server, the SDK, the CLI and the OpenAPI document are
 * all derived from it. Every route lists every status it can answer (`strictStatusCodes`).
 */
export const contract = c.router({ auth, author, me, poem, collection, mail }, { strictStatusCodes: true });
export type Contract = typeof contract;
/** `'auth.signup' | 'me.poems.update' | ...`: every route of the contract by its dotted name. */
export type RouteName = RouteNameOf<Contract>;

export { type NamedRoute, namedRoutes, type RouteNameOf } from './named-routes.js';
export { isSafeToRepeat, LOGIN, type RouteMetadata } from './routes/shared.js';
export * from './schemas/author.js';
export * from './schemas/collection.js';
export * from './schemas/errors.js';
export * from './schemas/file.js';
export * from './schemas/limits.js';
export * from './schemas/mail.js';
export * from './schemas/pagination.js';
export * from './schemas/poem.js';
export * from './schemas/tags.js';
export { charCount, Description, PoemText, Title } from './schemas/text.js';
export { API_VERSION } from './version.js';
