import type { ClientSession } from './session.js';

/**
 * In a browser the browser keeps the session cookie (HttpOnly, out of a script's reach) and sends
 * it with every request the client makes with `credentials: 'include'`: there is nothing to keep.
 */
export const browserSession: ClientSession = {
  header: async () => '',
  store: async () => {},
  export() {
    throw new Error('In a browser the browser keeps the session cookie: a script cannot read or export it');
  },
};
