export { createPoetryClient, type PoetryClient, type PoetryClientOptions } from './client.js';
export { CookieSession } from './cookie-session.js';
export { ApiError, NetworkError } from './errors.js';
