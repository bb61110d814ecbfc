import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { print } from '../lib/output.js';

export function emailCommands(program: Command) {
  const email = program
    .command('email')
    .description('verify your email address')
    .addHelpText('after', example('poet email verify <token>', 'poet email confirm'));

  email
    .command('verify')
    .argument('<token>', 'the token from the verification mail')
    .description('verify an email address')
    .addHelpText('after', example('poet email verify 3q2+7w…'))
    .action(
      action(async ({ client, output }, token: string) => {
        print(output, await client.auth.verifyEmail({ body: { token } }), () => 'Email verified.');
      }),
    );

  email
    .command('confirm')
    .description('mail yourself a new verification link')
    .addHelpText('after', example('poet email confirm'))
    .action(
      action(async ({ client, output }) => {
        print(
          output,
          await client.auth.requestEmailConfirmation(),
          () => 'A new verification link is on its way.',
        );
      }),
    );
}
