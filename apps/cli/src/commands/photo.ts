import type { PhotoPart } from '@poetry/sdk';
import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { print, spinning } from '../lib/output.js';
import { describeAuthor } from '../lib/render.js';
import { fileForm } from '../lib/upload.js';

type PhotoOptions = { banner?: boolean };

const partOf = (options: PhotoOptions): PhotoPart =>
  options.banner ? 'profile_banner_photo' : 'profile_photo';

export function photoCommands(program: Command) {
  const photo = program
    .command('photo')
    .description('your profile photo and banner')
    .addHelpText('after', example('poet photo set me.jpg', 'poet photo rm --banner'));

  photo
    .command('set')
    .argument('<file>', 'a JPEG, PNG, WebP or GIF of at most 5 MB')
    .option('--banner', 'set the banner (1500×500) instead of the profile photo (400×400)')
    .description('upload your profile photo, or your banner')
    .addHelpText('after', example('poet photo set me.jpg', 'poet photo set --banner sea.png'))
    .action(
      action(async ({ client, output }, file: string, options: PhotoOptions) => {
        const body = await fileForm(partOf(options), file);
        const uploaded = await spinning('uploading', client.me.uploadPhoto({ body }));
        print(output, uploaded, ({ author }) => `Photo set. ${describeAuthor(author)}`);
      }),
    );

  photo
    .command('rm')
    .option('--banner', 'remove the banner instead of the profile photo')
    .description('remove your profile photo, or your banner (nothing there is fine too)')
    .addHelpText('after', example('poet photo rm', 'poet photo rm --banner'))
    .action(
      action(async ({ client, output }, options: PhotoOptions) => {
        const removed = await client.me.removePhoto({ params: { part: partOf(options) } });
        print(output, removed, ({ author }) => `Photo removed. ${describeAuthor(author)}`);
      }),
    );
}
