import type { Command, Option } from 'commander';
import { commandPath, commandsOf } from '../lib/command-tree.js';

export type CompletedOption = {
  /** `--title`, and `-h` beside `--help`. */
  names: string[];
  /** Whether the next word is the option's value (`--title <title>`). */
  takesValue: boolean;
  description: string;
};

/** What completes after the words of one command: its subcommands, options, argument's choices. */
export type CompletedCommand = {
  /** The words after `poet` that run it: `""` for poet itself, `"collection image"`. */
  path: string;
  subcommands: { name: string; description: string }[];
  /** Its own options, then the global ones. */
  options: CompletedOption[];
  /** The values its first argument allows (`poet notifications each|daily|off`). */
  choices: string[];
};

const completedOption = (option: Option): CompletedOption => ({
  names: [option.long, option.short].filter((name): name is string => name !== undefined),
  takesValue: option.required || option.optional,
  description: option.description,
});

export type CompletionTree = {
  /** Every command, `poet` first. */
  commands: CompletedCommand[];
  /** The options taken after any command (--server, --json, …). */
  global: CompletedOption[];
};

/** The completions of every command of `program`'s tree, read from commander's own definitions. */
export function completionTree(program: Command): CompletionTree {
  const help = program.createHelp();
  // The global options are taken after any command; --version only right after `poet`.
  const global = program.options
    .filter((option) => option.attributeName() !== 'version')
    .map(completedOption);
  const commands = [...commandsOf(program)].map((command) => ({
    path: commandPath(command).split(' ').slice(1).join(' '),
    subcommands: command.commands.map((subcommand) => ({
      name: subcommand.name(),
      description: help.subcommandDescription(subcommand),
    })),
    options: [...help.visibleOptions(command).map(completedOption), ...(command === program ? [] : global)],
    choices: command.registeredArguments[0]?.argChoices ?? [],
  }));
  return { commands, global };
}

/**
 * The names of the options that take the next word as their value, in any command: a name means
 * the same option wherever it is taken (--tags, --collection), so one list serves every command.
 */
export const optionsTakingValues = ({ commands }: CompletionTree) => [
  ...new Set(
    commands.flatMap(({ options }) =>
      options.filter((option) => option.takesValue).flatMap((option) => option.names),
    ),
  ),
];
