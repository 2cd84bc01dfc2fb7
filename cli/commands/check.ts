import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { analyzeDocument, getDiagnostics, parseDocument, readSchema, type Schema } from '../../language/index.ts';
import { checkFormats, isCheckFormat, renderFindings, type CheckFormat, type Finding } from '../checkReport/index.ts';
import { exitCodes, parseCommandArgs, UsageError, type CliContext, type Command } from '../command.ts';
import { expandFileArguments } from '../files.ts';
import { readServiceSchema, SchemaUnavailable } from '../serviceSchema.ts';
import { plural } from '../text.ts';
import { version } from '../version.ts';

const usage = `Usage: apl check [--schema <schema.json> | --url URL] [--format FORMAT] <files, directories or globs...>

Reports syntax errors and, given a schema, unknown datasets and columns, one per line:
  path:line:column: error|warning: message
Directories are searched for *.apl files; quote globs so the shell leaves them alone.
Exits 1 if any error was found, 2 on a usage error or when the schema cannot be read.

Options:
  --schema <file>  JSON schema: {"datasets":[{"name":"...","fields":[{"name":"...","type":"..."}]}]}
                   ('apl schema > schema.json' saves a service's)
  --format FORMAT  text (default); json (an array of problems); github (workflow commands that
                   annotate the pull request); sarif (SARIF 2.1.0 for code scanning).
                   Other than text, the summary line goes to stderr
  --url URL        Read the schema from this service instead (see 'apl schema')
  --org-id ID      With --url: organisation sent with personal tokens (default $AXIOM_ORG_ID)
  -h, --help       Show this help

With --url, the token comes from $AXIOM_TOKEN, else, for the local service, from
APL_ADMIN_TOKEN or the credentials file 'apl serve' writes.`;

export const checkCommand: Command = {
  name: 'check',
  summary: 'Report problems in APL files',
  usage,
  async run(args: string[], context: CliContext): Promise<number> {
    const { values, positionals } = parseCommandArgs(args, {
      schema: { type: 'string' },
      format: { type: 'string' },
      url: { type: 'string' },
      'org-id': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(usage);
      return exitCodes.ok;
    }
    const format = readFormat(values.format);
    if (positionals.length === 0) throw new UsageError('no files given');
    if (values.schema !== undefined && values.url !== undefined) throw new UsageError('give either --schema or --url, not both');
    if (values['org-id'] !== undefined && values.url === undefined) throw new UsageError('--org-id goes with --url');
    const files = await expandFileArguments(positionals, context.cwd);
    let schema: Schema | undefined;
    try {
      if (values.schema !== undefined) schema = await loadSchema(values.schema, context.cwd);
      else if (values.url !== undefined) schema = await readServiceSchema(values);
    } catch (error) {
      if (!(error instanceof SchemaUnavailable)) throw error;
      context.stderr(`apl check: ${error.message}`);
      return exitCodes.usage;
    }

    const findings: Finding[] = [];
    for (const file of files) for (const finding of await checkFile(file, context.cwd, schema)) findings.push(finding);
    for (const line of renderFindings(findings, format, context.cwd, { name: 'apl', version })) context.stdout(line);

    const errors = findings.filter((finding) => finding.severity === 'error').length;
    const warnings = findings.filter((finding) => finding.severity === 'warning').length;
    const summary = `Checked ${plural(files.length, 'file')}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`;
    (format === 'text' ? context.stdout : context.stderr)(summary);
    return errors > 0 ? exitCodes.problems : exitCodes.ok;
  },
};

function readFormat(text: string | undefined): CheckFormat {
  if (text === undefined) return 'text';
  if (isCheckFormat(text)) return text;
  throw new UsageError(`unknown --format '${text}' (${checkFormats.join(', ')})`);
}

async function checkFile(file: string, cwd: string, schema: Schema | undefined): Promise<Finding[]> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    return [{ file, severity: 'error', code: 'unreadable-file', message: `cannot read file: ${(error as Error).message}` }];
  }
  return getDiagnostics(analyzeDocument(parseDocument(text), schema)).map(({ range, severity, code, message }) => ({
    file,
    region: { line: range.start.line + 1, column: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 },
    severity,
    code,
    message,
  }));
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
