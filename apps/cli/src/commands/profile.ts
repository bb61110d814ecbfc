import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { print } from '../lib/output.js';
import { showProfile } from '../lib/render.js';
import { someChange } from '../lib/usage.js';

type ProfileOptions = { firstname?: string; lastname?: string; username?: string; bio?: string };

export function profileCommands(program: Command) {
  const profile = program
    .command('profile')
    .description('your names, username and bio (email: poet email; password: poet password)')
    .addHelpText('after', example('poet profile show', 'poet profile edit --bio "Poet of the sea"'));

  profile
    .command('show')
    .description(
      "your profile as others see it, with your email address (another author's: poet author show)",
    )
    .addHelpText('after', example('poet profile show'))
    .action(
      action(async ({ client, output }) => {
        print(output, await client.me.get(), ({ author }) => showProfile(author));
      }),
    );

  profile
    .command('edit')
    .option('--firstname <name>', 'your first name')
    .option('--lastname <name>', 'your last name')
    .option('--username <username>', '3..30 characters of a-z, 0-9, "_" and "-", not taken')
    .option('--bio <text>', 'a few words about you ("" removes it)')
    .description('change your names, username or bio (only those given)')
    .addHelpText('after', example('poet profile edit --username ada --bio "Poet of numbers"'))
    .action(
      action(async ({ client, output, command }, fields: ProfileOptions) => {
        someChange(command, fields, '--firstname, --lastname, --username or --bio');
        print(output, await client.me.update({ body: fields }), ({ author }) => showProfile(author));
      }),
    );
}
