import type { Command } from 'commander';
import { action, example } from '../lib/context.js';
import { print } from '../lib/output.js';

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
            ({ poem }) => `${poem.title}: ${poem.like_count} likes`,
          );
        }),
      );
  }

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
            if ((authorId === undefined) === (options.collection === undefined)) {
              command.error(`error: give an author or --collection <id>, not both`, { exitCode: 2 });
            }
            if (options.collection !== undefined) {
              const params = { collectionId: options.collection };
              const call = follow ? client.collection.followers.follow : client.collection.followers.unfollow;
              print(
                output,
                await call({ params }),
                ({ collection }) => `${collection.title}: ${collection.followers_count} followers`,
              );
            } else {
              const params = { authorId: authorId as string };
              const call = follow ? client.author.followers.follow : client.author.followers.unfollow;
              print(
                output,
                await call({ params }),
                ({ author }) => `${author.fullname}: ${author.followers_count} followers`,
              );
            }
          },
        ),
      );
  }
}
