import path from 'node:path';
import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { readFileArg } from '../lib/input.js';
import { print, spinning } from '../lib/output.js';
import { describeAuthor } from './auth.js';

export function photoCommands(program: Command) {
  const photo = program
    .command('photo')
    .description('your profile photo and banner')
    .addHelpText('after', example('poet photo set me.jpg'));

  photo
    .command('set')
    .argument('<file>', 'a JPEG, PNG, WebP or GIF of at most 5 MB')
    .option('--banner', 'set the banner (1500×500) instead of the profile photo (400×400)')
    .description('upload your profile photo, or your banner')
    .addHelpText('after', example('poet photo set me.jpg', 'poet photo set --banner sea.png'))
    .action(
      action(async ({ client, output }, file: string, options: { banner?: boolean }) => {
        const form = new FormData();
        const field = options.banner ? 'profile_banner_photo' : 'profile_photo';
        form.append(field, new Blob([await readFileArg(file)]), path.basename(file));
        // The SDK sends a FormData body as it is; the contract types the body as its fields.
        const uploaded = await spinning('uploading', client.me.uploadPhoto({ body: form }));
        print(output, uploaded, ({ author }) => `Photo set. ${describeAuthor(author)}`);
      }),
    );
}
