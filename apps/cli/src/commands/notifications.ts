import { NewPoemMail } from '@poetry/sdk';
import { Argument, type Command } from 'commander';
import { action, example } from '../lib/context.js';
import { print } from '../lib/output.js';

const SAYS: Record<NewPoemMail, string> = {
  each: 'You get a mail for each new poem of the authors you follow.',
  daily: 'You get one mail a day with the new poems of the authors you follow, none on a day without.',
  off: 'You get no mail about new poems.',
};

export function notificationsCommands(program: Command) {
  program
    .command('notifications')
    .addArgument(
      new Argument('[setting]', 'each: a mail a poem; daily: one mail a day; off: none').choices(
        NewPoemMail.options,
      ),
    )
    .description(
      'whether you are mailed the new poems of the authors you follow (without a setting: show it)',
    )
    .addHelpText('after', example('poet notifications', 'poet notifications daily', 'poet notifications off'))
    .action(
      action(async ({ client, output }, setting: NewPoemMail | undefined) => {
        const answer = setting
          ? await client.me.update({ body: { new_poem_mail: setting } })
          : await client.me.get();
        print(output, answer, ({ author }) => SAYS[author.new_poem_mail]);
      }),
    );
}
