import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { formatDocument, parseDocument, type ParsedDocument, type TextEdit } from '../../language/index.ts';
import { exitCodes, parseCommandArgs, UsageError, type CliContext, type Command } from '../command.ts';
import { expandFileArguments } from '../files.ts';
import { plural } from '../text.ts';

const usage = `Usage: apl fmt [--check] <files, directories or globs...>

Formats APL files in place and prints the paths it rewrote. Files with syntax errors are
left alone and reported. Directories are searched for *.apl files.

Options:
  --check     Change nothing; list the files that are not formatted and exit 1 if there are any
  -h, --help  Show this help`;

export const fmtCommand: Command = {
  name: 'fmt',
  summary: 'Format APL files',
  usage,
  async run(args: string[], context: CliContext): Promise<number> {
    const { values, positionals } = parseCommandArgs(args, {
      check: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(usage);
      return exitCodes.ok;
    }
    if (positionals.length === 0) throw new UsageError('no files given');
    const files = await expandFileArguments(positionals, context.cwd);

    let changed = 0;
    let failed = 0;
    for (const file of files) {
      const absolute = path.resolve(context.cwd, file);
      let text: string;
      try {
        text = await readFile(absolute, 'utf8');
      } catch (error) {
        context.stderr(`${file}: error: cannot read file: ${(error as Error).message}`);
        failed++;
        continue;
      }
      const parsed = parseDocument(text);
      if (parsed.errors.length > 0) {
        context.stderr(`${file}: error: not formatted, the file has ${plural(parsed.errors.length, 'syntax error')}`);
        failed++;
        continue;
      }
      const formatted = applyEdits(parsed, formatDocument(parsed));
      if (formatted === text) continue;
      changed++;
      if (!values.check) await writeFile(absolute, formatted, 'utf8');
      context.stdout(file);
    }

    if (values.check && changed > 0) {
      context.stderr(`${plural(changed, 'file')} would be reformatted; run apl fmt to fix`);
    }
    return failed > 0 || (values.check && changed > 0) ? exitCodes.problems : exitCodes.ok;
  },
};

function applyEdits(parsed: ParsedDocument, edits: readonly TextEdit[]): string {
  const { text, lineIndex } = parsed;
  const spans = edits
    .map((edit) => ({ start: lineIndex.offsetAt(edit.range.start), end: lineIndex.offsetAt(edit.range.end), text: edit.newText }))
    .sort((a, b) => a.start - b.start);
  let result = '';
  let copied = 0;
  for (const span of spans) {
    result += text.slice(copied, span.start) + span.text;
    copied = Math.max(copied, span.end);
  }
  return result + text.slice(copied);
}
