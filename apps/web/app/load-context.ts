/**
 * What the server that mounts the pages (`apps/server`) gives every loader and action, besides
 * the request: where the API is, who the browser is, and the answer's CSP nonce.
 */
export type WebLoadContext = {
  api: {
    /** The API in the same process, over loopback: `http://127.0.0.1:<port>`. */
    baseUrl: string;
    /** The browser's address as the server resolved it, forwarded to the API for its per-IP limits. */
    clientAddress: string;
    /** The page request's id, sent with its SDK calls so that their log lines share it. */
    requestId: string;
    /**
     * Headers that prove to the API that a call comes from this process's pages, so that it
     * believes the forwarded address and scheme. Sent to `baseUrl` only, never shown.
     */
    hopProof: Readonly<Record<string, string>>;
  };
  /** The service's public origin, for canonical links. */
  publicUrl: string;
  /** This answer's nonce: its inline scripts run only with it (the pages' CSP). */
  cspNonce: string;
};

declare module 'react-router' {
  interface AppLoadContext extends WebLoadContext {}
}
