import type { PrivateAuthor } from '@poetry/sdk';
import type { Command } from 'commander';
import { action } from '../lib/context.js';
import { secret } from '../lib/input.js';
import { bold, dim, print } from '../lib/output.js';

const describe = (author: PrivateAuthor | null) =>
  author
    ? `${bold(author.fullname)} (@${author.username}) <${author.email}>${author.email_verified ? '' : dim(' unverified')}`
    : 'Not logged in.';

export function authCommands(program: Command) {
  program
    .command('signup')
    .description('create an account and log in (the password is asked for, or read from stdin)')
    .requiredOption('--email <email>', 'your email address')
    .requiredOption('--firstname <name>', 'your first name')
    .requiredOption('--lastname <name>', 'your last name')
    .addHelpText(
      'after',
      '\nExample:\n  $ poetry signup --email ada@example.com --firstname Ada --lastname Lovelace',
    )
    .action(
      action(async ({ client, output }, options: { email: string; firstname: string; lastname: string }) => {
        const password = await secret('Password: ');
        const result = await client.auth.signup({ body: { ...options, password } });
        print(output, result, ({ author }) => `Welcome, ${describe(author)}`);
      }),
    );

  program
    .command('login')
    .description('log in (the password is asked for without echo, or read from stdin)')
    .requiredOption('--email <email>', 'your email address')
    .addHelpText(
      'after',
      '\nExamples:\n  $ poetry login --email ada@example.com\n  $ pass show poetry | poetry login --email ada@example.com',
    )
    .action(
      action(async ({ client, output }, options: { email: string }) => {
        const password = await secret('Password: ');
        const result = await client.auth.login({ body: { email: options.email, password } });
        print(output, result, ({ author }) => `Logged in as ${describe(author)}`);
      }),
    );

  program
    .command('logout')
    .description('log out, ending the session on the server')
    .addHelpText('after', '\nExample:\n  $ poetry logout')
    .action(
      action(async ({ client, output }) => {
        print(output, await client.auth.logout(), () => 'Logged out.');
      }),
    );

  program
    .command('whoami')
    .description('show who you are logged in as')
    .addHelpText('after', '\nExample:\n  $ poetry whoami --json')
    .action(
      action(async ({ client, output }) => {
        print(output, await client.me.get(), ({ author }) => describe(author));
      }),
    );
}
