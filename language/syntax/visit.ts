import type * as ast from './ast.ts';

/** Calls `visit` for each direct child of a node, in source order. */
export function forEachChild(node: ast.Node, visit: (child: ast.Node) => void): void {
  const each = (children: readonly ast.Node[] | undefined) => children?.forEach(visit);
  const one = (child: ast.Node | undefined) => {
    if (child) visit(child);
  };
  switch (node.kind) {
    case 'Document':
      return each(node.queries);
    case 'Query':
      return each(node.statements);
    case 'LetStatement':
      one(node.name);
      return one(node.value);
    case 'SetStatement':
      one(node.name);
      return one(node.value);
    case 'ExpressionStatement':
      return one(node.expression);
    case 'Member':
      one(node.target);
      return one(node.member);
    case 'Index':
      one(node.target);
      return one(node.index);
    case 'Slice':
      one(node.target);
      one(node.from);
      return one(node.to);
    case 'Call':
      one(node.callee);
      return each(node.args);
    case 'NamedArgument':
      one(node.name);
      return one(node.value);
    case 'Binary':
      one(node.left);
      return one(node.right);
    case 'Unary':
      return one(node.operand);
    case 'ListOperator':
      one(node.left);
      return each(node.items);
    case 'Between':
      one(node.left);
      one(node.low);
      return one(node.high);
    case 'Paren':
      return one(node.expression);
    case 'TypeOf':
      return one(node.typeName);
    case 'Pipeline':
      one(node.source);
      return each(node.operators);
    case 'Function':
      each(node.parameters);
      return each(node.body);
    case 'FunctionParameter':
      one(node.name);
      one(node.typeName);
      each(node.columns);
      return one(node.default);
    case 'ColumnDefinition':
      one(node.name);
      return one(node.expression);
    case 'SortKey':
      return one(node.expression);
    case 'ColumnDeclaration':
      one(node.name);
      return one(node.type);
    case 'OperatorOption':
      one(node.name);
      return one(node.value);
    case 'MakeSeriesAggregate':
      one(node.column);
      return one(node.default);
    case 'MvExpandColumn':
      one(node.column);
      return one(node.toType);
    case 'ProjectReorderColumn':
      return one(node.expression);
    case 'distinct':
    case 'project-away':
    case 'project-keep':
      return each(node.columns);
    case 'extend':
    case 'extend-valid':
    case 'project':
    case 'project-rename':
    case 'print':
    case 'project-reorder':
      return each(node.columns);
    case 'externaldata':
      each(node.columns);
      each(node.urls);
      return each(node.options);
    case 'join':
    case 'lookup':
      each(node.options);
      one(node.right);
      return each(node.on);
    case 'take':
    case 'limit':
      return one(node.count);
    case 'make-series':
      each(node.aggregates);
      one(node.on);
      one(node.from);
      one(node.to);
      one(node.range);
      one(node.step);
      return each(node.by);
    case 'mv-expand':
      each(node.options);
      each(node.columns);
      return one(node.limit);
    case 'sort':
    case 'order':
      return each(node.keys);
    case 'parse':
    case 'parse-where':
      each(node.options);
      one(node.source);
      return each(node.pattern);
    case 'parse-kv':
      one(node.source);
      each(node.keys);
      return each(node.options);
    case 'redact':
      each(node.options);
      each(node.patterns);
      return each(node.on);
    case 'sample':
      return one(node.fraction);
    case 'search':
      each(node.options);
      each(node.datasets);
      return one(node.predicate);
    case 'summarize':
      each(node.aggregates);
      return each(node.by);
    case 'top':
      one(node.count);
      return one(node.by);
    case 'union':
      each(node.options);
      return each(node.tables);
    case 'where':
      return one(node.predicate);
    case 'datatable':
      each(node.columns);
      return each(node.values);
    default:
      // Leaves: names, literals, stars, wildcards, missing nodes, operators without children.
      return;
  }
}

/**
 * Visits a node and all its descendants, parents before children, in source order. A loop over
 * an explicit stack: a chain of a hundred thousand `or` is a tree as deep as it is long.
 */
export function walk(node: ast.Node, visit: (node: ast.Node) => void): void {
  const stack: ast.Node[] = [node];
  const children: ast.Node[] = [];
  while (stack.length > 0) {
    const current = stack.pop()!;
    visit(current);
    forEachChild(current, (child) => children.push(child));
    while (children.length > 0) stack.push(children.pop()!);
  }
}

/**
 * The chain of nodes that contain an offset, outermost first. A node contains the offsets from
 * its start up to and including its end, so a cursor right after `foo` is inside `foo`.
 */
export function nodePathAt(root: ast.Node, offset: number): ast.Node[] {
  const path: ast.Node[] = [];
  let current: ast.Node | undefined = root;
  while (current) {
    path.push(current);
    let next: ast.Node | undefined;
    forEachChild(current, (child) => {
      if (child.start <= offset && offset <= child.end && (next === undefined || child.start >= next.start)) next = child;
    });
    current = next;
  }
  return path;
}

/**
 * A binary chain flattened: `a or b or c` is `or(or(a, b), c)`, a tree as deep as the chain is
 * long, so consumers walk it with a loop over `links` instead of recursing into `left`.
 * `links[0].left` is `first`, each link's left operand is the link before it, and the last link
 * is the node itself. `continues` may stop the spine at a link, which then counts as `first`.
 */
export function binaryChain(
  node: ast.BinaryNode,
  continues: (link: ast.BinaryNode) => boolean = () => true,
): { first: ast.Expression; links: ast.BinaryNode[] } {
  const links: ast.BinaryNode[] = [];
  let current: ast.Expression = node;
  while (current.kind === 'Binary' && (current === node || continues(current))) {
    links.push(current);
    current = current.left;
  }
  return { first: current, links: links.reverse() };
}
