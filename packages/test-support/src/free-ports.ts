import net from 'node:net';

/**
 * Free ports for the tests' servers, drawn below Linux's ephemeral range (32768–60999 by default),
 * from which the kernel takes the source port of every outgoing connection and the port of a
 * `listen(0)`. A port found free there could be taken by any connection the tests open before its server binds it, seconds
 * later for an embedded PostgreSQL that runs initdb first.
 */
const LOWEST = 20_000;
const HIGHEST = 32_767;

/** A server listening on `port` of 127.0.0.1, or undefined when the port is taken. */
function hold(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** `count` distinct TCP ports free on 127.0.0.1 right now (held open together, then released). */
export async function freePorts(count: number): Promise<number[]> {
  const held = new Map<number, net.Server>();
  while (held.size < count) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1));
    if (held.has(port)) continue;
    const server = await hold(port);
    if (server) held.set(port, server);
  }
  await Promise.all([...held.values()].map((server) => new Promise((resolve) => server.close(resolve))));
  return [...held.keys()];
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}
