import { Argument, type Command } from 'commander';
import { bashCompletion } from '../completion/bash.js';
import { fishCompletion } from '../completion/fish.js';
import { completionTree } from '../completion/tree.js';
import { zshCompletion } from '../completion/zsh.js';
import { example } from '../lib/context.js';

const SCRIPTS = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion };
type Shell = keyof typeof SCRIPTS;

const INSTALL = `
Install (then open a new shell):
  bash  add to ~/.bashrc                 eval "$(poet completion bash)"
  zsh   add to ~/.zshrc, after compinit  source <(poet completion zsh)
  fish  run once, and after upgrading    poet completion fish > ~/.config/fish/completions/poet.fish
${example('poet completion bash > ~/.local/share/bash-completion/completions/poet')}`;

export function completionCommands(program: Command) {
  program
    .command('completion')
    .addArgument(new Argument('<shell>', 'the shell').choices(Object.keys(SCRIPTS)))
    .description("print the shell completion script of poet's commands and options")
    .addHelpText('after', INSTALL)
    .action((shell: Shell) => {
      process.stdout.write(SCRIPTS[shell](completionTree(program)));
    });
}
