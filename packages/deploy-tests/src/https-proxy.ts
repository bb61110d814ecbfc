import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createProxyServer } from 'http-proxy-3';

/**
 * A reverse proxy on loopback in front of `target`, as a TLS-terminating one is in production (a
 * test cannot easily trust a certificate, so it speaks plain HTTP to its clients): each request
 * goes on with `X-Forwarded-Proto: https` and its client's address as `X-Forwarded-For`,
 * replacing any a client sent. 502 while the target does not answer.
 */
export async function startHttpsProxy(target: string) {
  const proxy = createProxyServer({ target });
  proxy.on('proxyReq', (proxyRequest, request) => {
    proxyRequest.setHeader('x-forwarded-proto', 'https');
    proxyRequest.setHeader('x-forwarded-for', request.socket.remoteAddress ?? '');
  });
  proxy.on('proxyRes', (proxyResponse, request, response) => {
    // Hop-by-hop: the target closing its connection to the proxy says nothing of the client's.
    delete proxyResponse.headers.connection;
    // An answer before the whole body (a 401 to an upload): the rest is read and dropped, as Node
    // does for a server's own early answer, so that the client can finish sending and read it.
    response.once('finish', () => {
      if (!request.complete) request.resume();
    });
  });
  proxy.on('error', (_error, _request, response) => {
    if (response instanceof http.ServerResponse && !response.headersSent) response.writeHead(502);
    response.end();
  });
  const server = http.createServer((request, response) => proxy.web(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      proxy.close();
    },
  };
}
