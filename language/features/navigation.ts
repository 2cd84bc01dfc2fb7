import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type { NameNode } from '../syntax/ast.ts';
import type { DocumentHighlight, Position, PrepareRenameResult, Range, RenameResult } from '../types.ts';
import { nameReference } from './names.ts';
import { renameClash } from './renameClash.ts';
import { symbolAt, type NavigationSymbol, type SymbolAt } from './symbols.ts';

/**
 * Go to definition, find references, highlights and rename for `let` names and the columns a
 * query creates, all over the symbol `symbolAt` finds under the cursor.
 */

/** Where the symbol under the cursor is defined; nothing for a column the query did not name. */
export function getDefinition(analyzed: AnalyzedDocument, position: Position): Range | undefined {
  const definition = symbolAtPosition(analyzed, position)?.symbol.definition;
  return definition && rangeOf(analyzed, definition);
}

/** Every place the symbol under the cursor is used, and its definition first with `includeDeclaration`. */
export function getReferences(analyzed: AnalyzedDocument, position: Position, includeDeclaration: boolean): Range[] {
  const found = symbolAtPosition(analyzed, position);
  if (!found) return [];
  const { definition, uses } = found.symbol;
  const names = includeDeclaration && definition ? [definition, ...uses] : uses;
  return names.map((name) => rangeOf(analyzed, name));
}

export function getDocumentHighlights(analyzed: AnalyzedDocument, position: Position): DocumentHighlight[] {
  const found = symbolAtPosition(analyzed, position);
  if (!found) return [];
  const { definition, uses } = found.symbol;
  const highlights: DocumentHighlight[] = uses.map((name) => ({ range: rangeOf(analyzed, name), kind: 'read' }));
  if (definition) highlights.unshift({ range: rangeOf(analyzed, definition), kind: 'write' });
  return highlights;
}

export function prepareRename(analyzed: AnalyzedDocument, position: Position): PrepareRenameResult {
  const found = renamable(analyzed, position);
  return 'error' in found ? found : { range: rangeOf(analyzed, found.name), placeholder: found.symbol.name };
}

/**
 * Renames the symbol under the cursor at its definition and every use. A name that is not a bare
 * identifier is written quoted (`['new name']`); `newName` may be given quoted already.
 */
export function renameSymbol(analyzed: AnalyzedDocument, position: Position, newName: string): RenameResult {
  const found = renamable(analyzed, position);
  if ('error' in found) return found;
  const name = unquote(newName.trim());
  if (name === undefined || name === '') return { error: `\`${newName}\` is not a name: give a name, or a quoted one such as ['new name'].` };
  if (/[\r\n]/.test(name)) return { error: 'A name cannot hold a line break.' };
  const clash = renameClash(analyzed, found.symbol, name);
  if (clash) return { error: clash };
  const newText = nameReference(name);
  const { definition, uses } = found.symbol;
  const names = definition ? [definition, ...uses] : uses;
  return { edits: names.map((node) => ({ range: rangeOf(analyzed, node), newText })) };
}

function renamable(analyzed: AnalyzedDocument, position: Position): SymbolAt | { error: string } {
  const found = symbolAtPosition(analyzed, position);
  if (!found) return { error: 'Only a let name or a column the query creates can be renamed.' };
  const refusal = renameRefusal(found.symbol);
  return refusal ? { error: refusal } : found;
}

function renameRefusal(symbol: NavigationSymbol): string | undefined {
  if (symbol.definition) return undefined;
  if (symbol.origin === 'implicit') {
    return `\`${symbol.name}\` is named by the operator that makes it; give it a name there (\`${nameReference(symbol.name)} = …\`) to rename it.`;
  }
  const field = nameReference(symbol.name);
  const where = symbol.dataset ? `a field of the dataset \`${symbol.dataset}\`` : 'a field of the input table';
  return `\`${field}\` is ${where}, which a query cannot rename; to name it differently in this query, use \`project-rename new_name = ${field}\`.`;
}

/** `name`, `['name']` or `["name"]` to the name itself; undefined for a quoted form that is not closed. */
function unquote(text: string): string | undefined {
  const quoted = /^\[\s*(['"])(.*)\1\s*\]$/s.exec(text);
  if (quoted) return quoted[2].replace(/\\(.)/g, '$1');
  if (text.startsWith('[')) return undefined;
  return text;
}

function symbolAtPosition(analyzed: AnalyzedDocument, position: Position): SymbolAt | undefined {
  return symbolAt(analyzed, analyzed.parsed.lineIndex.offsetAt(position));
}

function rangeOf(analyzed: AnalyzedDocument, name: NameNode): Range {
  return analyzed.parsed.lineIndex.rangeOf(name.start, name.end);
}
