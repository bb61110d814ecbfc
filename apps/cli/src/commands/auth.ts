import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { secret } from '../lib/input.js';
import { print } from '../lib/output.js';
import { describeAuthor } from '../lib/render.js';

const PASSWORD_NOTE = 'the password is asked for without echo, or read from the first line of stdin';

export function authCommands(program: Command) {
  program
    .command('signup')
    .description(`create an account and log in (${PASSWORD_NOTE})`)
    .requiredOption('--email <email>', 'your email address')
    .requiredOption('--firstname <name>', 'your first name')
    .requiredOption('--lastname <name>', 'your last name')
    .addHelpText('after', example('poet signup --email ada@example.com --firstname Ada --lastname Lovelace'))
    .action(
      action(
        async (
          { client, output, command },
          options: { email: string; firstname: string; lastname: string },
        ) => {
          const password = await secret(command, 'password');
          const result = await client.auth.signup({ body: { ...options, password } });
          print(output, result, ({ author }) => `Welcome, ${describeAuthor(author)}`);
        },
      ),
    );

  program
    .command('login')
    .description(`log in (${PASSWORD_NOTE})`)
    .requiredOption('--email <email>', 'your email address')
    .addHelpText(
      'after',
      example('poet login --email ada@example.com', 'pass show poetry | poet login --email ada@example.com'),
    )
    .action(
      action(async ({ client, output, command }, options: { email: string }) => {
        const password = await secret(command, 'password');
        const result = await client.auth.login({ body: { email: options.email, password } });
        print(output, result, ({ author }) => `Logged in as ${describeAuthor(author)}`);
      }),
    );

  program
    .command('logout')
    .description('log out, ending the session on the server')
    .addHelpText('after', example('poet logout'))
    .action(
      action(async ({ client, output }) => {
        print(output, await client.auth.logout(), () => 'Logged out.');
      }),
    );

  program
    .command('whoami')
    .description('show who you are logged in as')
    .addHelpText('after', example('poet whoami --json'))
    .action(
      action(async ({ client, output }) => {
        print(output, await client.me.get(), ({ author }) => describeAuthor(author));
      }),
    );
}
