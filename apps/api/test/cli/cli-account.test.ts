import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Author, PrivateAuthor } from '@poetry/sdk';
import { solidImage } from '@poetry/test-support/images';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, signUp } from '../support/authors.js';
import { useTestServer } from '../support/server.js';
import { loggedInCli, noStackTrace } from './logged-in-cli.js';
import { removeConfigDirs } from './run-cli.js';

const server = useTestServer();
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
