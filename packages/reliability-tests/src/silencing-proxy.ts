import { once } from 'node:events';
import net from 'node:net';

export type SilencingProxy = {
  /** The port it listens on, on 127.0.0.1. */
  port: number;
  /**
   * From now on every byte is dropped, both ways, on every connection, old and new: the
   * connections stay open and nothing answers, as with a stuck server or a lost network.
   */
  silence(): void;
  /** Bytes pass again (what was dropped is gone: a connection that lost some is broken). */
  speak(): void;
  close(): Promise<void>;
};

/** A TCP proxy on a port of the system's choosing to `upstreamPort` on 127.0.0.1. */
export async function startSilencingProxy(upstreamPort: number): Promise<SilencingProxy> {
  let silent = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A peer that goes away is no failure of the proxy's.
    socket.on('error', () => socket.destroy());
  };
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => {
      if (!silent) to.write(chunk);
    });
    from.once('close', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(upstreamPort, '127.0.0.1');
    track(client);
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as net.AddressInfo).port,
    silence: () => {
      silent = true;
    },
    speak: () => {
      silent = false;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
