import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { listenOn } from '../http/listen-on.js';

export type MetricsAddress = { host: string; port: number };

/**
 * Serves `GET /metrics` in Prometheus' text format on an address of its own, apart from the public
 * port, so that only those who can reach that address read it; anything else there is 404.
 */
export async function startMetricsServer(registry: Registry, { host, port }: MetricsAddress) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error)),
    );
  });
  await listenOn(server, { port, host }, 'METRICS_PORT');
  return {
    port: (server.address() as AddressInfo).port,
    /** Stops listening and cuts the scrapes in flight: a scraper tries again at its next interval. */
    close(): Promise<void> {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}
