import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Where a command reads and writes; the entry point passes the process's, tests may pass their own. */
export interface CliContext {
  cwd: string;
  stdin(): AsyncIterable<Uint8Array>;
  stdout(line: string): void;
  stderr(line: string): void;
}

/** One `apl <name>` subcommand. Adding a command means one module exporting one of these. */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  /** Resolves to the process exit code. */
  run(args: string[], context: CliContext): Promise<number>;
}

/** A mistake in how the CLI was called: reported with a hint, exit code 2. */
export class UsageError extends Error {}

export const exitCodes = { ok: 0, problems: 1, usage: 2 } as const;

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** `util.parseArgs` in strict mode, with its complaints turned into UsageErrors. */
export function parseCommandArgs<T extends OptionsConfig>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
