import { createPoetryClient, type PoetryClient } from '@poetry/sdk';
import type { Command } from 'commander';
import { loadSession, saveSession } from './config.js';
import { EXIT_REFUSED, explain, type Output } from './output.js';

export type Context = { client: PoetryClient; output: Output; server: string };

type GlobalOptions = { server: string; json?: boolean };

/**
 * Wraps a command's action: gives it a client logged in as the saved session of `--server`,
 * saves the session afterwards, and turns expected failures into a message and exit code 1.
 */
export function action<Args extends unknown[]>(run: (context: Context, ...args: Args) => Promise<void>) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const options = command.optsWithGlobals<GlobalOptions>();
    const server = options.server.replace(/\/+$/, '');
    const saved = await loadSession(server);
    const client = createPoetryClient({ baseUrl: server, ...(saved ? { session: saved } : {}) });
    try {
      await run({ client, server, output: { json: options.json === true } }, ...(args.slice(0, -1) as Args));
    } catch (error) {
      const message = explain(error);
      if (message === undefined) throw error;
      console.error(message);
      process.exitCode = EXIT_REFUSED;
    } finally {
      await saveSession(server, client.session.export());
    }
  };
}
