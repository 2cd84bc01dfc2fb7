import { exitCodes, parseCommandArgs, UsageError, type CliContext, type Command } from '../command.ts';
import { connectionFlags, connectionOptionLines, tokenUsage } from '../serviceConnection.ts';
import { readServiceSchema, SchemaUnavailable } from '../serviceSchema.ts';

const usage = `Usage: apl schema [options] > schema.json

Prints a service's datasets and their fields as JSON, the file 'apl check --schema' reads.
Exits 1 when the service cannot be reached or refuses the request.

Options:
${connectionOptionLines(15)}
  -h, --help   Show this help

${tokenUsage}`;

export const schemaCommand: Command = {
  name: 'schema',
  summary: "Print a service's datasets and fields, for 'apl check --schema'",
  usage,
  async run(args: string[], context: CliContext): Promise<number> {
    const { values, positionals } = parseCommandArgs(args, { ...connectionFlags, help: { type: 'boolean', short: 'h' } });
    if (values.help) {
      context.stdout(usage);
      return exitCodes.ok;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    try {
      context.stdout(JSON.stringify(await readServiceSchema(values), null, 2));
      return exitCodes.ok;
    } catch (error) {
      if (!(error instanceof SchemaUnavailable)) throw error;
      context.stderr(`apl schema: ${error.message}`);
      return exitCodes.problems;
    }
  },
};
