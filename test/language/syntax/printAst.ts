import type * as ast from '../../../language/syntax/ast.ts';

/**
 * Prints an AST as compact S-expressions for fixture expectations: `(where (>= status 500))`.
 * Expressions get a dedicated form; every other node prints its kind and its fields in order.
 */
export function printAst(node: ast.Node | undefined): string {
  if (!node) return '_';
  switch (node.kind) {
    case 'Document':
      return node.queries.map(printAst).join('\n\n');
    case 'Query':
      return node.statements.map(printAst).join('\n');
    case 'LetStatement':
      return `(let ${printAst(node.name)} ${printAst(node.value)})`;
    case 'SetStatement':
      return `(set ${printAst(node.name)}${node.value ? ` ${printAst(node.value)}` : ''})`;
    case 'ExpressionStatement':
      return printAst(node.expression);
    case 'Name':
      return node.quoted ? `['${node.name}']` : node.name || '<no-name>';
    case 'Literal':
      return node.text;
    case 'DynamicLiteral':
      return `dynamic(${node.text})`;
    case 'TypedLiteral':
      return `${node.typeName}(${node.text})`;
    case 'Member':
      return `(. ${printAst(node.target)} ${printAst(node.member)})`;
    case 'Index':
      return `([] ${printAst(node.target)} ${printAst(node.index)})`;
    case 'Slice':
      return `([:] ${printAst(node.target)} ${printAst(node.from)} ${printAst(node.to)})`;
    case 'Call':
      return `(${[`call ${printAst(node.callee)}`, ...node.args.map(printAst)].join(' ')})`;
    case 'NamedArgument':
      return `(= ${printAst(node.name)} ${printAst(node.value)})`;
    case 'Binary':
      return `(${node.operator} ${printAst(node.left)} ${printAst(node.right)})`;
    case 'Unary':
      return `(${node.operator} ${printAst(node.operand)})`;
    case 'ListOperator':
      return `(${node.operator} ${printAst(node.left)} [${node.items.map(printAst).join(' ')}])`;
    case 'Between':
      return `(${node.negated ? '!' : ''}between ${printAst(node.left)} ${printAst(node.low)} ${printAst(node.high)})`;
    case 'Paren':
      return `(paren ${printAst(node.expression)})`;
    case 'Star':
      return '*';
    case 'Wildcard':
      return node.pattern;
    case 'TypeOf':
      return `typeof(${printAst(node.typeName)})`;
    case 'Pipeline':
      return [printAst(node.source), ...node.operators.map((operator) => `| ${printAst(operator)}`)].join('\n');
    case 'Missing':
      return '<missing>';
    case 'ColumnDefinition':
      return node.name ? `(= ${printAst(node.name)} ${printAst(node.expression)})` : printAst(node.expression);
    default:
      return printGeneric(node);
  }
}

const positionKeys = new Set(['kind', 'start', 'end', 'nameSpan', 'operatorSpan', 'byKeyword', 'openParen', 'closeParen']);

function printGeneric(node: ast.Node): string {
  const parts: string[] = [node.kind];
  for (const [key, value] of Object.entries(node)) {
    if (positionKeys.has(key) || value === undefined) continue;
    if (Array.isArray(value)) {
      parts.push(`${key}:[${value.map((item) => printAst(item as ast.Node)).join(' ')}]`);
    } else if (typeof value === 'object' && value !== null) {
      parts.push(`${key}:${printAst(value as ast.Node)}`);
    } else {
      parts.push(`${key}:${String(value)}`);
    }
  }
  return `(${parts.join(' ')})`;
}
