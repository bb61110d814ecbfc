import { keepAliveAgent, type LoadRequest, type Outcome, send, sendOnce } from './send.js';

/**
 * Puts `requests` in flight on the server: sends them at once, each over a connection the server
 * has accepted already (warmed by a GET /healthz, so none waits to be accepted), and resolves
 * once all are written and the server has read them, which is when a request sent after them on
 * a new connection has been answered. `answers` then settles with their outcomes.
 */
export async function putInFlight(
  baseUrl: string,
  requests: LoadRequest[],
): Promise<{ answers: Promise<Outcome[]> }> {
  const agent = keepAliveAgent(requests.length);
  await Promise.all(requests.map(() => send(agent, baseUrl, { method: 'GET', path: '/healthz' })));
  let unwritten = requests.length;
  let allWritten = () => {};
  const written = new Promise<void>((resolve) => {
    allWritten = resolve;
  });
  const answers = Promise.all(
    requests.map((request) =>
      send(agent, baseUrl, request, () => {
        unwritten -= 1;
        if (unwritten === 0) allWritten();
      }),
    ),
  ).finally(() => agent.destroy());
  await written;
  await sendOnce(baseUrl, { method: 'GET', path: '/healthz' });
  return { answers };
}
