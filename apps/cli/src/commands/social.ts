import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { listAction, type PageOptions, paged, pageQuery } from '../lib/list.js';
import { print, printPage } from '../lib/output.js';
import { authorTable, collectionTable, plural, poemTable } from '../lib/render.js';
import { exactlyOne } from '../lib/usage.js';

export function socialCommands(program: Command) {
  for (const like of [true, false]) {
    const name = like ? 'like' : 'unlike';
    program
      .command(name)
      .argument('<poem>', 'the poem id')
      .description(like ? 'like a poem' : 'take your like back')
      .addHelpText('after', example(`poet ${name} 0190c0de-…`))
      .action(
        action(async ({ client, output }, poemId: string) => {
          const call = like ? client.poem.likes.like : client.poem.likes.unlike;
          print(
            output,
            await call({ params: { poemId } }),
            ({ poem }) => `${poem.title}: ${plural(poem.like_count, 'like')}`,
          );
        }),
      );
  }

  paged(program.command('likers'))
    .argument('<poem>', 'the poem id')
    .description('the authors who like a published poem, latest like first')
    .addHelpText('after', example('poet likers 0190c0de-…'))
    .action(
      listAction(
        (client, query, poemId: string) => client.poem.likes.list({ params: { poemId }, query }),
        ({ authors }) => authorTable(authors),
      ),
    );

  paged(program.command('liked'))
    .description('the published poems you like, latest like first')
    .addHelpText('after', example('poet liked --json'))
    .action(
      listAction(
        (client, query) => client.me.liked.list({ query }),
        ({ poems }) => poemTable(poems),
      ),
    );

  for (const follow of [true, false]) {
    const name = follow ? 'follow' : 'unfollow';
    program
      .command(name)
      .argument('[author]', 'the author id or username')
      .option('--collection <id>', 'a collection instead of an author')
      .description(follow ? 'follow an author or a collection' : 'stop following an author or a collection')
      .addHelpText('after', example(`poet ${name} ada-lovelace`, `poet ${name} --collection 0190c0de-…`))
      .action(
        action(
          async (
            { client, output, command },
            authorId: string | undefined,
            options: { collection?: string },
          ) => {
            exactlyOne(command, 'an author or --collection <id>', authorId, options.collection);
            if (options.collection !== undefined) {
              const params = { collectionId: options.collection };
              const call = follow ? client.collection.followers.follow : client.collection.followers.unfollow;
              print(
                output,
                await call({ params }),
                ({ collection }) => `${collection.title}: ${plural(collection.followers_count, 'follower')}`,
              );
            } else {
              const params = { authorId: authorId as string };
              const call = follow ? client.author.followers.follow : client.author.followers.unfollow;
              print(
                output,
                await call({ params }),
                ({ author }) => `${author.fullname}: ${plural(author.followers_count, 'follower')}`,
              );
            }
          },
        ),
      );
  }

  paged(program.command('following'))
    .option('--collections', 'the collections you follow instead of the authors')
    .description('the authors (or collections) you follow, latest follow first')
    .addHelpText('after', example('poet following', 'poet following --collections --json'))
    .action(
      action(async ({ client, output }, options: PageOptions & { collections?: boolean }) => {
        const query = pageQuery(options);
        if (options.collections) {
          const page = await client.me.following.collections.list({ query });
          printPage(output, page, ({ collections }) => collectionTable(collections));
        } else {
          printPage(output, await client.me.following.list({ query }), ({ authors }) => authorTable(authors));
        }
      }),
    );
}
