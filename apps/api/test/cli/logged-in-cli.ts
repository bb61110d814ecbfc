import { expect } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import type { TestServer } from '../support/server.js';
import { cliUser } from './run-cli.js';

/** An author signed up through the SDK, then logged in with the CLI (password on stdin). */
export async function loggedInCli(server: TestServer, names?: Parameters<typeof signUp>[1]) {
  const author = await signUp(server.client(), names);
  const cli = await cliUser(server.url);
  const login = await cli.run(['login', '--email', author.email], `${PASSWORD}\n`);
  expect(login).toMatchObject({ code: 0, stderr: '' });
  expect(login.stdout).toContain(`@${author.username}`);
  return { author, cli };
}

export const noStackTrace = (stderr: string) => expect(stderr).not.toMatch(/^\s+at /m);
