import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Author, PrivateAuthor } from '@poetry/sdk';
import { solidImage } from '@poetry/test-support/images';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';
import { loggedInCli, noStackTrace } from './logged-in-cli.js';
import { useOtherServer } from './other-server.js';
import { cliUser, removeConfigDirs } from './run-cli.js';

const server = useTestServer();
const other = useOtherServer();
afterAll(removeConfigDirs);

const NEW_PASSWORD = 'a brand new password';

/** Whether `email` and `password` log in, asked of the server through the SDK. */
const logsIn = (email: string, password: string) =>
  server
    .client()
    .auth.login({ body: { email, password } })
    .then(
      () => true,
      () => false,
    );

describe('poet: the author edits their account', () => {
  it('shows and edits the profile, only the fields given', async () => {
    const { cli, author } = await loggedInCli(server, { firstname: 'Emily', lastname: 'Dickinson' });
    const username = `emily-${author.id.slice(-8)}`;
    const edited = await cli.json<{ author: PrivateAuthor }>([
      'profile',
      'edit',
      '--firstname',
      'Em',
      '--username',
      username,
      '--bio',
      'Of Amherst',
    ]);
    expect(edited.author).toMatchObject({
      firstname: 'Em',
      lastname: 'Dickinson',
      username,
      bio: 'Of Amherst',
    });
    expect((await cli.json<{ author: PrivateAuthor }>(['profile', 'show'])).author).toEqual(edited.author);

    const shown = await cli.run(['profile', 'show']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain(`Em Dickinson (@${username}) <${author.email}>`);
    expect(shown.stdout).toContain('0 poems · 0 collections · 0 followers · 0 following');
    expect(shown.stdout).toContain('Of Amherst');

    const nothing = await cli.run(['profile', 'edit']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/error: nothing to change/);

    const other = await signUp(server.client());
    const taken = await cli.run(['profile', 'edit', '--username', other.username]);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toMatch(/\(409 \w+\)/);
    noStackTrace(taken.stderr);
    const reserved = await cli.run(['profile', 'edit', '--username', 'me']);
    expect(reserved.code).toBe(1);
    expect(reserved.stderr).toMatch(/^\s+username: This username is reserved$/m);
    expect((await cli.json<{ author: PrivateAuthor }>(['whoami'])).author.username).toBe(username);
  });

  it('shows and changes the new-poem mail setting; an unknown one is a usage error, exit 2', async () => {
    const { cli } = await loggedInCli(server);
    expect((await cli.run(['notifications'])).stdout).toMatch(/a mail for each new poem/);
    const off = await cli.run(['notifications', 'off']);
    expect(off).toMatchObject({ code: 0, stderr: '' });
    expect(off.stdout).toMatch(/no mail about new poems/);
    const daily = await cli.run(['notifications', 'daily']);
    expect(daily.stdout).toMatch(/one mail a day with the new poems/);
    for (const setting of ['each', 'daily', 'off']) {
      expect(
        (await cli.json<{ author: PrivateAuthor }>(['notifications', setting])).author.new_poem_mail,
      ).toBe(setting);
    }

    const unknown = await cli.run(['notifications', 'weekly']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Allowed choices are each, daily, off/);
    expect((await cli.json<{ author: PrivateAuthor }>(['whoami'])).author.new_poem_mail).toBe('off');
  });

  it('changes the email with the current password; a wrong one changes nothing, exit 1', async () => {
    const { cli, author } = await loggedInCli(server);
    const wrong = await cli.run(['email', 'change', 'elsewhere@example.com'], 'not the password\n');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/\(401 invalid_credentials\)/);
    noStackTrace(wrong.stderr);
    expect((await cli.json<{ author: PrivateAuthor }>(['whoami'])).author.email).toBe(author.email);

    const email = `moved-${author.id}@example.com`;
    const changed = await cli.json<{ author: PrivateAuthor }>(['email', 'change', email], `${PASSWORD}\n`);
    expect(changed.author).toMatchObject({ email, email_verified: false });
    expect(await logsIn(email, PASSWORD)).toBe(true);

    const human = await cli.run(['email', 'change', author.email], `${PASSWORD}\n`);
    expect(human).toMatchObject({ code: 0, stderr: '' });
    expect(human.stdout).toContain(`Email changed to ${author.email}.`);
  });

  it('changes the password with the current one; a wrong one changes nothing, exit 1', async () => {
    const { cli, author } = await loggedInCli(server);
    const wrong = await cli.run(['password', 'change'], `not the password\n${NEW_PASSWORD}\n`);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/\(401 invalid_credentials\)/);
    expect(await logsIn(author.email, NEW_PASSWORD)).toBe(false);

    const changed = await cli.run(['password', 'change'], `${PASSWORD}\n${NEW_PASSWORD}\n`);
    expect(changed).toMatchObject({ code: 0, stderr: '' });
    expect(changed.stdout).toContain('Password changed.');
    expect(await logsIn(author.email, NEW_PASSWORD)).toBe(true);
    expect(await logsIn(author.email, PASSWORD)).toBe(false);
    // The session that changed it goes on.
    expect((await cli.run(['whoami'])).code).toBe(0);
  });

  it('asks for the new password twice at a terminal, and changes nothing when they differ', async () => {
    const { cli, author } = await loggedInCli(server);
    const differ = await cli.atTerminal(['password', 'change'], [PASSWORD, NEW_PASSWORD, 'something else']);
    expect(differ.code).toBe(2);
    expect(differ.stdout).toContain('New password again: ');
    expect(differ.stdout).toMatch(/error: the two new passwords differ/);
    expect(await logsIn(author.email, PASSWORD)).toBe(true);

    const same = await cli.atTerminal(['password', 'change'], [PASSWORD, NEW_PASSWORD, NEW_PASSWORD]);
    expect(same.code).toBe(0);
    // Typed without echo: the terminal shows none of the passwords.
    expect(same.stdout).not.toContain(NEW_PASSWORD);
    expect(await logsIn(author.email, NEW_PASSWORD)).toBe(true);
  });

  it('deletes the account only when confirmed: --yes without a terminal, the username at one', async () => {
    const { cli, author } = await loggedInCli(server);
    const stillThere = async () =>
      (await server.client().author.get({ params: { authorId: author.id } })).author as Author;

    const unconfirmed = await cli.run(['account', 'delete']);
    expect(unconfirmed).toMatchObject({ code: 2, stdout: '' });
    expect(unconfirmed.stderr).toMatch(/error: not deleted: .* give --yes/);
    expect((await stillThere()).id).toBe(author.id);

    const mistyped = await cli.atTerminal(['account', 'delete'], ['not-my-name']);
    expect(mistyped.code).toBe(2);
    expect(mistyped.stdout).toContain('Type your username to confirm: ');
    expect(mistyped.stdout).toMatch(/error: not confirmed; nothing was deleted/);
    expect((await stillThere()).id).toBe(author.id);

    const typed = await cli.atTerminal(['account', 'delete'], [author.username]);
    expect(typed.code).toBe(0);
    expect(typed.stdout).toContain(`Deleted the account @${author.username}.`);
    await expect(stillThere()).rejects.toMatchObject({ status: 404 });
    // The session is gone from the server and forgotten here.
    const after = await cli.run(['whoami']);
    expect(after.code).toBe(1);
    expect(after.stderr).toContain('(401 ');
  });

  it('deletes the account with --yes, printing the deleted author with --json', async () => {
    const { cli, author } = await loggedInCli(server);
    const gone = await cli.json<{ author: PrivateAuthor }>(['account', 'delete', '--yes']);
    expect(gone.author).toMatchObject({ id: author.id, email: author.email });
    expect(await logsIn(author.email, PASSWORD)).toBe(false);
    expect((await cli.run(['account', 'delete', '--yes'])).code).toBe(1);
  });

  it('removes the profile photo and the banner', async () => {
    const { cli } = await loggedInCli(server);
    const file = path.join(cli.configDir, 'me.png');
    await writeFile(file, await solidImage('png', 600, 600));
    await cli.json(['photo', 'set', file]);
    await cli.json(['photo', 'set', '--banner', file]);

    const photo = await cli.json<{ author: PrivateAuthor }>(['photo', 'rm']);
    expect(photo.author.profile_photo_url).toBeNull();
    expect(photo.author.profile_banner_photo_url).toMatch(/^http/);
    const banner = await cli.run(['photo', 'rm', '--banner']);
    expect(banner.code).toBe(0);
    expect(banner.stdout).toMatch(/^Photo removed\. /);
    expect(
      (await cli.json<{ author: PrivateAuthor }>(['whoami'])).author.profile_banner_photo_url,
    ).toBeNull();
  });
});

describe('poet refuses a blank secret before sending it', () => {
  it('an empty or blank password, piped or typed: exit 2, no login attempt counted', async () => {
    const author = await signUp(server.client());
    const cli = await cliUser(server.url);
    /** The login attempts the server counted on the account (apps/api/src/modules/account/login.service.ts). */
    const attempts = async () =>
      (
        await server.pool.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM rate_limit WHERE key = $1',
          [`login:account:${author.email.toLowerCase()}`],
        )
      ).rows[0]?.count;
    for (const input of ['', '\n', ' \t\n']) {
      expect(await cli.run(['login', '--email', author.email], input), JSON.stringify(input)).toEqual({
        code: 2,
        stdout: '',
        stderr:
          'error: line 1 of stdin, the password, is empty; nothing was sent\n' +
          "Usage: poet login [options]\nRun 'poet login --help' for more.\n",
      });
    }
    const typed = await cli.atTerminal(['login', '--email', author.email], ['  ']);
    expect(typed.code).toBe(2);
    expect(typed.stdout).toContain('error: the password is empty; nothing was sent');
    expect(await attempts()).toBe(0);
    // A wrong password is an attempt, and counted: the count above would have seen one sent.
    expect((await cli.run(['login', '--email', author.email], 'not the password\n')).code).toBe(1);
    expect(await attempts()).toBe(1);
  });

  it('in every command that reads a password or a token, on any line of stdin', async () => {
    const cli = await cliUser(other.url);
    const cases: [string[], string, string][] = [
      [
        ['signup', '--email', 'a@example.com', '--firstname', 'A', '--lastname', 'B'],
        '\n',
        'line 1 of stdin, the password',
      ],
      [['email', 'change', 'b@example.com'], ' \n', 'line 1 of stdin, the current password'],
      [['password', 'change'], '\na new password\n', 'line 1 of stdin, the current password'],
      [['password', 'change'], `${PASSWORD}\n \n`, 'line 2 of stdin, the new password'],
      [['password', 'reset'], ' \na new password\n', 'line 1 of stdin, the token from the mail'],
      [['password', 'reset'], 'a-token\n', 'line 2 of stdin, the new password'],
    ];
    for (const [args, input, what] of cases) {
      const result = await cli.run(args, input);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.split('\n')[0], args.join(' ')).toBe(`error: ${what}, is empty; nothing was sent`);
    }
    const typed = await cli.atTerminal(['password', 'change'], [PASSWORD, '']);
    expect(typed.code).toBe(2);
    expect(typed.stdout).toContain('error: the new password is empty; nothing was sent');
    expect(other.requests).toEqual([]);
  });
});
