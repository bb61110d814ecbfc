import { CookieSession, createPoetryClient, type PoetryClient } from '@poetry/sdk';
import { type Command, CommanderError } from 'commander';
import { loadSession, saveSession } from './config.js';
import { failureOf, printFailure } from './failure.js';
import type { Output } from './output.js';
import { serviceFetch } from './service-fetch.js';

export type Context = { client: PoetryClient; output: Output; server: string; command: Command };

type GlobalOptions = { server: string; json?: boolean; timeout: number };

/**
 * Wraps a command's action: gives it a client logged in as the saved session of `--server`,
 * saves the session afterwards, and turns expected failures into a message and their exit code.
 */
export function action<Args extends unknown[]>(run: (context: Context, ...args: Args) => Promise<void>) {
  return async (...args: unknown[]) => {
    const command = args.at(-1) as Command;
    const { server, json, timeout } = command.optsWithGlobals<GlobalOptions>();
    const output = { json: json === true };
    const saved = await loadSession(server);
    const client = createPoetryClient({
      baseUrl: server,
      fetch: serviceFetch(server, timeout),
      ...(saved ? { session: saved } : {}),
    });
    try {
      await run({ client, server, command, output }, ...(args.slice(0, -1) as Args));
    } catch (error) {
      // A usage error raised inside an action goes on to main, which exits 2.
      const explained = error instanceof CommanderError ? undefined : failureOf(error);
      if (explained === undefined) throw error;
      printFailure(output, explained.failure);
      process.exitCode = explained.exitCode;
    } finally {
      // Nothing is written for someone who never logged in to this server.
      const session = client.session.export();
      if (session !== (saved ?? new CookieSession().export())) await saveSession(server, session);
    }
  };
}

/** The `Example:` section of a command's help. */
export const example = (...lines: string[]) =>
  `\nExample${lines.length > 1 ? 's' : ''}:\n${lines.map((line) => `  $ ${line}`).join('\n')}`;
