import { once } from 'node:events';
import type { Server } from 'node:net';
import { StartError } from '../start-error.js';

/**
 * Starts `server` listening and waits until it does. A port already in use (the service started
 * twice, or another program) or one the process may not take is a `StartError` naming `setting`,
 * the environment variable that chose the port.
 */
export async function listenOn(
  server: Server,
  { port, host }: { port: number; host: string },
  setting: string,
) {
  server.listen(port, host);
  try {
    await once(server, 'listening');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new StartError(
        `${setting} ${port} is in use on ${host}: another program listens there (this service, started ` +
          `twice?). Stop it, or set ${setting} to a free port.`,
      );
    }
    if (code === 'EACCES') {
      throw new StartError(
        `${setting} ${port} needs privileges this process lacks: choose a port above 1023.`,
      );
    }
    throw error;
  }
}
