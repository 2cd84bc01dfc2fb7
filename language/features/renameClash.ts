import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type { NameNode } from '../syntax/ast.ts';
import { nodePathAt } from '../syntax/visit.ts';
import { isOperatorNode } from './context.ts';
import { nameReference } from './names.ts';
import { inputColumns } from './scope.ts';
import type { NavigationSymbol } from './symbols.ts';

/**
 * Why renaming a symbol to `newName` would clash with a name already in scope at its definition:
 * another let (an earlier one would be hidden, a later one would take over uses), another
 * parameter of the same function, or a column of the stage that defines a column (its input or
 * its other outputs). Undefined when it would not.
 */
export function renameClash(analyzed: AnalyzedDocument, symbol: NavigationSymbol, newName: string): string | undefined {
  const definition = symbol.definition;
  if (!definition || newName === symbol.name) return undefined;
  const shown = `\`${nameReference(newName)}\``;
  if (symbol.kind === 'parameter' && siblingParameter(analyzed, definition, newName)) {
    return `The function already has a parameter named ${shown}. Choose another name.`;
  }
  if (letInScope(analyzed, definition, [definition, ...symbol.uses], newName)) {
    return `A let named ${shown} is already in scope here; renaming \`${nameReference(symbol.name)}\` to it would mix the two up. Choose another name.`;
  }
  if (symbol.kind !== 'column') return undefined;
  const operator = operatorOf(analyzed, definition);
  if (!operator) return undefined;
  const columns = [...inputColumns(analyzed, operator), ...(analyzed.outputOf(operator)?.columns ?? [])];
  if (columns.some((column) => column.name === newName)) {
    const keyword = analyzed.parsed.text.slice(operator.nameSpan.start, operator.nameSpan.end);
    return `${shown} is already a column at this \`${keyword}\`; renaming \`${nameReference(symbol.name)}\` to it would replace or hide that column. Choose another name.`;
  }
  return undefined;
}

/** Another let of that name visible at the definition or at any use. */
function letInScope(analyzed: AnalyzedDocument, definition: NameNode, places: NameNode[], name: string): boolean {
  return places.some((place) =>
    analyzed.letsVisibleAt(place.start).some((binding) => binding.name === name && (binding.parameter?.name ?? binding.statement.name) !== definition),
  );
}

function siblingParameter(analyzed: AnalyzedDocument, name: NameNode, newName: string): boolean {
  const path = nodePathAt(analyzed.parsed.root, name.start);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node.kind === 'Function') return node.parameters.some((parameter) => parameter.name.name === newName);
  }
  return false;
}

function operatorOf(analyzed: AnalyzedDocument, name: NameNode) {
  const path = nodePathAt(analyzed.parsed.root, name.start);
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (isOperatorNode(node)) return node;
  }
  return undefined;
}
