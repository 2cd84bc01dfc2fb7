import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { analyzeDocument, getDiagnostics, parseDocument, readSchema, type Diagnostic, type Schema, type Severity } from '../../language/index.ts';
import { exitCodes, parseCommandArgs, UsageError, type CliContext, type Command } from '../command.ts';
import { expandFileArguments } from '../files.ts';
import { plural } from '../text.ts';

const usage = `Usage: apl check [--schema <schema.json>] <files, directories or globs...>

Reports syntax errors and, given a schema, unknown datasets and columns, one per line:
  path:line:column: error|warning: message
Directories are searched for *.apl files; quote globs so the shell leaves them alone.
Exits 1 if any error was found, 2 on a usage error.

Options:
  --schema <file>  JSON schema: {"datasets":[{"name":"...","fields":[{"name":"...","type":"..."}]}]}
  -h, --help       Show this help`;

const severityWords: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'info', hint: 'hint' };

export const checkCommand: Command = {
  name: 'check',
  summary: 'Report problems in APL files',
  usage,
  async run(args: string[], context: CliContext): Promise<number> {
    const { values, positionals } = parseCommandArgs(args, {
      schema: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(usage);
      return exitCodes.ok;
    }
    if (positionals.length === 0) throw new UsageError('no files given');
    const schema = values.schema === undefined ? undefined : await loadSchema(values.schema, context.cwd);
    const files = await expandFileArguments(positionals, context.cwd);

    let errors = 0;
    let warnings = 0;
    for (const file of files) {
      let text: string;
      try {
        text = await readFile(path.resolve(context.cwd, file), 'utf8');
      } catch (error) {
        context.stdout(`${file}: error: cannot read file: ${(error as Error).message}`);
        errors++;
        continue;
      }
      for (const diagnostic of checkText(text, schema)) {
        if (diagnostic.severity === 'error') errors++;
        else if (diagnostic.severity === 'warning') warnings++;
        context.stdout(formatDiagnostic(file, diagnostic));
      }
    }
    context.stdout(`Checked ${plural(files.length, 'file')}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`);
    return errors > 0 ? exitCodes.problems : exitCodes.ok;
  },
};

function checkText(text: string, schema: Schema | undefined): Diagnostic[] {
  return getDiagnostics(analyzeDocument(parseDocument(text), schema));
}

function formatDiagnostic(file: string, diagnostic: Diagnostic): string {
  const { line, character } = diagnostic.range.start;
  return `${file}:${line + 1}:${character + 1}: ${severityWords[diagnostic.severity]}: ${diagnostic.message}`;
}

async function loadSchema(file: string, cwd: string): Promise<Schema> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read schema ${file}: ${(error as Error).message}`);
  }
  try {
    return readSchema(JSON.parse(text));
  } catch (error) {
    throw new UsageError(`invalid schema ${file}: ${(error as Error).message}`);
  }
}
