import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { useStarted } from '@poetry/test-support/hooks';

export type OtherAnswer = { status: number; type: string; body: string };

/**
 * A server that is not the service, on 127.0.0.1, for the tests of the file or `describe` block
 * this is called in: it answers every request as `answerWith` last said (at first, and with
 * undefined, not at all) and lists the requests it got (`GET /api/me`).
 */
export function useOtherServer() {
  return useStarted(
    'a server that is not the service',
    async () => {
      let answer: OtherAnswer | undefined;
      const requests: string[] = [];
      const server = http.createServer((request, response) => {
        requests.push(`${request.method} ${request.url}`);
        if (answer === undefined) return;
        response.writeHead(answer.status, { 'content-type': answer.type });
        response.end(answer.body);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return {
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        answerWith: (next: OtherAnswer | undefined) => {
          answer = next;
        },
      };
    },
    ({ server }) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  );
}
