import { exitCodes, UsageError, type CliContext } from './command.ts';
import { commands } from './commands/index.ts';
import { version } from './version.ts';

function generalUsage(): string {
  const width = Math.max(...commands.map((command) => command.name.length));
  const list = commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`).join('\n');
  return `Usage: apl <command> [options]

Commands:
${list}

Options:
  -h, --help     Show this help
  -v, --version  Show the version

Run 'apl <command> --help' for the options of a command.`;
}

/** Runs one invocation of `apl` and resolves to its exit code. */
export async function runCli(argv: readonly string[], context: CliContext): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '-h' || first === '--help' || first === 'help') {
    (first === undefined ? context.stderr : context.stdout)(generalUsage());
    return first === undefined ? exitCodes.usage : exitCodes.ok;
  }
  if (first === '-v' || first === '--version') {
    context.stdout(version);
    return exitCodes.ok;
  }

  const command = commands.find((candidate) => candidate.name === first);
  if (!command) {
    context.stderr(`apl: unknown command '${first}'\n\n${generalUsage()}`);
    return exitCodes.usage;
  }
  try {
    return await command.run(rest, context);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    context.stderr(`apl ${command.name}: ${error.message}\nRun 'apl ${command.name} --help' for usage.`);
    return exitCodes.usage;
  }
}
