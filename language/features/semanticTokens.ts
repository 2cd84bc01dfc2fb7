import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import type * as ast from '../syntax/ast.ts';
import type { SyntaxToken } from '../syntax/parseResult.ts';
import * as t from '../syntax/tokens.ts';
import { walk } from '../syntax/visit.ts';
import type { SemanticToken, SemanticTokenType } from '../types.ts';
import { firstTokenIndexAt } from './shared/tokens.ts';

const identifierTypes = new Set([t.Identifier, ...t.softKeywords].map((type) => type.name));
const keywordTypes = new Set(
  [
    ...t.softKeywords,
    t.ExtendValid, t.ProjectAway, t.ProjectKeep, t.ProjectRename, t.ProjectReorder, t.ParseWhere, t.ParseKv, t.MvExpand,
    t.MakeSeries, t.GrannyAsc, t.GrannyDesc, t.True, t.False, t.Null,
  ].map((type) => type.name),
);
const wordOperatorTypes = new Set(
  [t.And, t.Or, t.StringOperatorWord, t.InOperator, t.HasAnyOperator, t.MatchesRegex, t.Between].map((type) => type.name),
);
const stringTypes = new Set([t.QuotedString, t.VerbatimString, t.UnterminatedString].map((type) => type.name));
const numberTypes = new Set([t.LongLiteral, t.RealLiteral, t.TimespanLiteral, t.TypedLiteral].map((type) => type.name));

/**
 * Semantic tokens in document order. The AST decides the role of every word: `count` is a
 * keyword as an operator, a function in `count()` and a property as a column; a soft keyword
 * such as `by` is a keyword only where no name covers it. Names are told apart by the analyzer
 * (let, column, dataset, function) and, where it knows nothing, by their place in the syntax.
 */
export function getSemanticTokens(analyzed: AnalyzedDocument): SemanticToken[] {
  const roles = assignRoles(analyzed);
  const { tokens, lineIndex } = analyzed.parsed;
  const result: SemanticToken[] = [];
  for (const token of tokens) {
    const type = roles.get(token.start) ?? roleOfToken(token);
    if (!type) continue;
    const { line, character } = lineIndex.positionAt(token.start);
    // Tokens never span lines today; clip to the line should one ever do.
    const length = Math.min(token.end, lineIndex.lineEnd(line)) - token.start;
    if (length > 0) result.push({ line, character, length, type });
  }
  return result;
}

/** What a token is by its type alone, for tokens no AST node claims. */
function roleOfToken(token: SyntaxToken): SemanticTokenType | undefined {
  if (token.type === 'Comment') return 'comment';
  if (stringTypes.has(token.type)) return 'string';
  if (numberTypes.has(token.type)) return 'number';
  if (wordOperatorTypes.has(token.type)) return 'operator';
  if (keywordTypes.has(token.type)) return 'keyword';
  return undefined;
}

/** Roles the AST gives, keyed by token start offset. */
function assignRoles(analyzed: AnalyzedDocument): Map<number, SemanticTokenType> {
  const { tokens } = analyzed.parsed;
  const roles = new Map<number, SemanticTokenType>();
  /** Gives a role to every token of a span (a bracket-quoted name is three tokens), comments aside. */
  const mark = (span: ast.Span, type: SemanticTokenType) => {
    for (let i = firstTokenIndexAt(tokens, span.start); i < tokens.length && tokens[i].start < span.end; i++) {
      if (tokens[i].type !== 'Comment') roles.set(tokens[i].start, type);
    }
  };

  for (const query of analyzed.parsed.root.queries) {
    const letNames = new Set(query.statements.flatMap((statement) => (statement.kind === 'LetStatement' ? [statement.name.name] : [])));
    /** Names whose role the syntax already fixes; every other name is resolved when reached. */
    const fixed = new Set<ast.Node>();
    const tables = new Set<ast.Node>();
    const fix = (node: ast.Node, type: SemanticTokenType) => {
      fixed.add(node);
      mark(node, type);
    };

    // Parents come before children, so a name's role is fixed (or its table position known) before it is reached.
    walk(query, (node) => {
      switch (node.kind) {
        case 'Name':
        case 'Wildcard':
          if (!fixed.has(node)) mark(node, roleOfName(analyzed, node, tables.has(node), letNames));
          break;
        case 'LetStatement':
          fix(node.name, 'variable');
          break;
        case 'SetStatement':
          fix(node.name, 'property');
          break;
        case 'Call':
          fix(node.callee, 'function');
          break;
        case 'TypeOf':
          fix(node.typeName, 'type');
          break;
        case 'ColumnDeclaration':
          if (node.type) fix(node.type, 'type');
          break;
        case 'MvExpandColumn':
          if (node.toType) fix(node.toType, 'type');
          break;
        case 'NamedArgument':
          fix(node.name, 'property');
          break;
        case 'OperatorOption':
          fix(node.name, 'keyword');
          // `kind=inner`: an enumerated value; `withsource=src`: a column the analyzer knows.
          if (node.value.kind === 'Name' && analyzed.symbolOf(node.value)?.kind !== 'column') fix(node.value, 'keyword');
          break;
        case 'Unary':
          if (node.operator === 'not') mark({ start: node.start, end: node.start + 3 }, 'operator');
          break;
        case 'DynamicLiteral':
          markDynamicKeys(node, tokens, roles);
          break;
        case 'Pipeline':
          tables.add(node.source);
          break;
        case 'union':
        case 'search':
          (node.kind === 'union' ? node.tables : node.datasets).forEach((table) => tables.add(table));
          break;
        case 'join':
        case 'lookup':
          tables.add(node.right);
          break;
        default:
          if ('nameSpan' in node && node.kind !== 'unknown') mark(node.nameSpan, 'keyword');
      }
    });
  }
  return roles;
}

function roleOfName(
  analyzed: AnalyzedDocument,
  node: ast.NameNode | ast.WildcardNode,
  inTablePosition: boolean,
  letNames: ReadonlySet<string>,
): SemanticTokenType {
  if (node.kind === 'Name') {
    if (!node.quoted && (node.name === '$left' || node.name === '$right')) return 'keyword';
    switch (analyzed.symbolOf(node)?.kind) {
      case 'let':
        return 'variable';
      case 'column':
        return 'property';
      case 'dataset':
        return 'class';
      case 'function':
        return 'function';
    }
    if (letNames.has(node.name)) return 'variable';
  }
  return inTablePosition ? 'class' : 'property';
}

/** The keys of a dynamic object (`{a: 1}`) are properties; `dynamic` itself is left to the keywords. */
function markDynamicKeys(node: ast.DynamicLiteralNode, tokens: readonly SyntaxToken[], roles: Map<number, SemanticTokenType>): void {
  for (let i = firstTokenIndexAt(tokens, node.start) + 1; i < tokens.length && tokens[i].start < node.end; i++) {
    if (identifierTypes.has(tokens[i].type)) roles.set(tokens[i].start, 'property');
  }
}
