/**
 * What the server that mounts the pages (`apps/server`) gives every loader and action, besides
 * the request: the API to call for the browser, the public origin, and the answer's CSP nonce.
 */
export type WebLoadContext = {
  /**
   * The API, called in the same process for the browser this page is for: the calls count
   * against its address, carry its scheme and share the page request's id in the logs.
   */
  api: { fetch: typeof fetch };
  /** The service's public origin, for canonical links. */
  publicUrl: string;
  /** This answer's nonce: its inline scripts run only with it (the pages' CSP). */
  cspNonce: string;
};

declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}
