/**
 * parse_sql / format_sql: a small SQL reader that turns a statement into the dictionary the APL
 * reference shows (`statement`, `columns`, `from`, `where`, `order`, ...) and writes it back as
 * normalised lower-case SQL. SELECT is read in full (joins, group by, having, order, limit);
 * INSERT, UPDATE and DELETE are reduced to their statement kind and table.
 */

export type SqlNode = Record<string, unknown>;

interface Token {
  kind: 'word' | 'quoted' | 'string' | 'number' | 'symbol';
  text: string;
}

function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const rest = text.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const match =
      /^(?<number>\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)|^(?<word>[A-Za-z_][A-Za-z0-9_$]*)|^(?<string>'(?:[^']|'')*')|^(?<quoted>"(?:[^"]|"")*"|`[^`]*`)|^(?<symbol><=|>=|<>|!=|\|\||[-+*/%=<>(),.;])/.exec(rest);
    if (!match?.groups) return undefined;
    const [kind, value] = Object.entries(match.groups).find(([, value]) => value !== undefined)!;
    if (kind === 'string') tokens.push({ kind: 'string', text: value.slice(1, -1).replaceAll("''", "'") });
    else if (kind === 'quoted') tokens.push({ kind: 'quoted', text: value.slice(1, -1) });
    else tokens.push({ kind: kind as Token['kind'], text: value });
    i += value.length;
  }
  return tokens;
}

const clauseWords = new Set(['from', 'where', 'group', 'having', 'order', 'limit', 'offset', 'join', 'inner', 'left', 'right', 'full', 'cross', 'outer', 'on', 'union', 'as', 'and', 'or', 'not', 'select', 'by', 'asc', 'desc', 'is', 'in', 'like', 'between', 'set', 'values', 'into']);

class Reader {
  private at = 0;
  constructor(private readonly tokens: Token[]) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.at + offset];
  }
  done(): boolean {
    return this.at >= this.tokens.length || (this.peek()!.text === ';' && this.at === this.tokens.length - 1);
  }
  isWord(...words: string[]): boolean {
    const token = this.peek();
    return token?.kind === 'word' && words.includes(token.text.toLowerCase());
  }
  isSymbol(symbol: string): boolean {
    const token = this.peek();
    return token?.kind === 'symbol' && token.text === symbol;
  }
  take(): Token {
    const token = this.peek();
    if (!token) throw new SyntaxError('unexpected end');
    this.at++;
    return token;
  }
  /** Takes the next token when it is one of `words`; answers whether it did. */
  accept(...words: string[]): boolean {
    if (!this.isWord(...words)) return false;
    this.at++;
    return true;
  }
  acceptSymbol(symbol: string): boolean {
    if (!this.isSymbol(symbol)) return false;
    this.at++;
    return true;
  }
  word(...words: string[]): void {
    if (!this.accept(...words)) throw new SyntaxError(`expected ${words.join(' or ')}`);
  }
  symbol(symbol: string): void {
    if (!this.acceptSymbol(symbol)) throw new SyntaxError(`expected ${symbol}`);
  }
  name(): string {
    const token = this.take();
    if (token.kind === 'quoted' || (token.kind === 'word' && !clauseWords.has(token.text.toLowerCase()))) return token.text;
    throw new SyntaxError(`expected a name, found ${token.text}`);
  }

  // Expressions, loosest first.
  expression(): SqlNode {
    return this.binaryLevel(['or'], () => this.binaryLevel(['and'], () => this.negation()));
  }
  private binaryLevel(operators: string[], next: () => SqlNode): SqlNode {
    let left = next();
    while (this.isWord(...operators)) {
      const operator = this.take().text.toLowerCase();
      left = { operator, params: [left, next()] };
    }
    return left;
  }
  private negation(): SqlNode {
    if (this.accept('not')) {
      return { operator: 'not', params: [this.negation()] };
    }
    return this.comparison();
  }
  private comparison(): SqlNode {
    const left = this.additive();
    const token = this.peek();
    if (token?.kind === 'symbol' && ['=', '!=', '<>', '<', '<=', '>', '>='].includes(token.text)) {
      this.take();
      return { operator: token.text, params: [left, this.additive()] };
    }
    if (this.accept('is')) {
      const negated = this.accept('not');
      this.word('null');
      return { operator: negated ? 'is not null' : 'is null', params: [left] };
    }
    const negated = this.isWord('not') && ['in', 'like', 'between'].includes(this.peek(1)?.text.toLowerCase() ?? '') && !!this.take();
    if (this.accept('like')) {
      return { operator: negated ? 'not like' : 'like', params: [left, this.additive()] };
    }
    if (this.accept('in')) {
      this.symbol('(');
      const items = [this.expression()];
      while (this.acceptSymbol(',')) items.push(this.expression());
      this.symbol(')');
      return { operator: negated ? 'not in' : 'in', params: [left, ...items] };
    }
    if (this.accept('between')) {
      const low = this.additive();
      this.word('and');
      return { operator: negated ? 'not between' : 'between', params: [left, low, this.additive()] };
    }
    return left;
  }
  private additive(): SqlNode {
    let left = this.multiplicative();
    while (this.isSymbol('+') || this.isSymbol('-') || this.isSymbol('||')) left = { operator: this.take().text, params: [left, this.multiplicative()] };
    return left;
  }
  private multiplicative(): SqlNode {
    let left = this.primary();
    while (this.isSymbol('*') || this.isSymbol('/') || this.isSymbol('%')) left = { operator: this.take().text, params: [left, this.primary()] };
    return left;
  }
  private primary(): SqlNode {
    const token = this.take();
    if (token.kind === 'number') return { value: token.text, valtype: /[.eE]/.test(token.text) ? 'float' : 'integer' };
    if (token.kind === 'string') return { value: token.text, valtype: 'string' };
    if (token.kind === 'symbol' && token.text === '(') {
      const inner = this.expression();
      this.symbol(')');
      return inner;
    }
    if (token.kind === 'symbol' && token.text === '-') return { operator: '-', params: [this.primary()] };
    if (token.kind === 'symbol' && token.text === '*') return { colname: '*' };
    if (token.kind === 'word') {
      const lower = token.text.toLowerCase();
      if (lower === 'null') return { valtype: 'null' };
      if (lower === 'true' || lower === 'false') return { value: lower, valtype: 'bool' };
    }
    if (token.kind !== 'word' && token.kind !== 'quoted') throw new SyntaxError(`unexpected ${token.text}`);
    if (this.acceptSymbol('(')) {
      const params: SqlNode[] = [];
      const distinct = this.accept('distinct');
      if (!this.isSymbol(')')) {
        params.push(this.expression());
        while (this.acceptSymbol(',')) params.push(this.expression());
      }
      this.symbol(')');
      return { function: token.text.toLowerCase(), params, ...(distinct ? { distinct: true } : {}) };
    }
    if (this.acceptSymbol('.')) {
      const column = this.isSymbol('*') ? (this.take(), '*') : this.name();
      return { table: token.text, colname: column };
    }
    return { colname: token.text };
  }

  /** An optional `[as] alias` after a column or table. */
  alias(): string | undefined {
    if (this.accept('as')) return this.name();
    const token = this.peek();
    if (token && (token.kind === 'quoted' || (token.kind === 'word' && !clauseWords.has(token.text.toLowerCase())))) return this.name();
    return undefined;
  }
  list<T>(item: () => T): T[] {
    const items = [item()];
    while (this.acceptSymbol(',')) items.push(item());
    return items;
  }
}

function selectStatement(reader: Reader): SqlNode {
  reader.word('select');
  const model: SqlNode = { statement: 'select' };
  if (reader.accept('distinct')) model.distinct = true;
  model.columns = reader.list(() => {
    const expression = reader.expression();
    const alias = reader.alias();
    return alias ? { ...expression, alias } : expression;
  });
  if (reader.accept('from')) {
    const from: SqlNode[] = [];
    const table = (): SqlNode => {
      const name = reader.name();
      const qualified = reader.isSymbol('.') ? (reader.take(), `${name}.${reader.name()}`) : name;
      const alias = reader.alias();
      return alias ? { table: qualified, alias } : { table: qualified };
    };
    from.push(...reader.list(table));
    while (reader.isWord('join', 'inner', 'left', 'right', 'full', 'cross')) {
      let kind = 'inner';
      if (!reader.isWord('join')) kind = reader.take().text.toLowerCase();
      reader.accept('outer');
      reader.word('join');
      const joined: SqlNode = { ...table(), join: kind };
      if (reader.accept('on')) joined.on = reader.expression();
      from.push(joined);
    }
    model.from = from;
  }
  if (reader.accept('where')) model.where = reader.expression();
  if (reader.accept('group')) {
    reader.word('by');
    model.groupby = reader.list(() => reader.expression());
  }
  if (reader.accept('having')) model.having = reader.expression();
  if (reader.accept('order')) {
    reader.word('by');
    model.order = reader.list(() => {
      const expr = reader.expression();
      const direction = reader.isWord('asc', 'desc') ? reader.take().text.toLowerCase() : 'asc';
      return { direction, expr };
    });
  }
  if (reader.accept('limit')) {
    const count = reader.take();
    const limit: SqlNode = { rowcount: count.text };
    if (reader.accept('offset')) limit.offset = reader.take().text;
    model.limit = limit;
  }
  return model;
}

/** The dictionary for a SQL statement, or undefined when it cannot be read. */
export function parseSqlModel(text: string): SqlNode | undefined {
  const tokens = tokenize(text);
  if (!tokens || tokens.length === 0) return undefined;
  const reader = new Reader(tokens);
  try {
    let model: SqlNode;
    if (reader.isWord('select')) model = selectStatement(reader);
    else if (reader.accept('insert')) {
      reader.word('into');
      model = { statement: 'insert', table: reader.name() };
      return model;
    } else if (reader.accept('update')) {
      return { statement: 'update', table: reader.name() };
    } else if (reader.accept('delete')) {
      reader.word('from');
      model = { statement: 'delete', table: reader.name() };
      if (reader.accept('where')) model.where = reader.expression();
    } else return undefined;
    return reader.done() ? model : undefined;
  } catch (error) {
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

function formatExpression(node: unknown): string {
  if (!node || typeof node !== 'object') return '';
  const value = node as SqlNode;
  const params = Array.isArray(value.params) ? value.params : [];
  if (typeof value.operator === 'string') {
    const operator = value.operator;
    const [first, second, third] = params.map(formatExpression);
    if (operator === 'not') return `not ${first}`;
    if (operator === 'is null' || operator === 'is not null') return `${first} ${operator}`;
    if (operator === 'in' || operator === 'not in') return `${first} ${operator} (${params.slice(1).map(formatExpression).join(', ')})`;
    if (operator === 'between' || operator === 'not between') return `${first} ${operator} ${second} and ${third}`;
    if (params.length === 1) return `${operator}${first}`;
    const wrap = (param: unknown, text: string) => {
      const inner = (param as SqlNode | undefined)?.operator;
      return (operator === 'and' && inner === 'or') || ((operator === '*' || operator === '/') && (inner === '+' || inner === '-')) ? `(${text})` : text;
    };
    return `${wrap(params[0], first!)} ${operator} ${wrap(params[1], second!)}`;
  }
  if (typeof value.function === 'string') return `${value.function}(${value.distinct ? 'distinct ' : ''}${params.map(formatExpression).join(', ')})`;
  if (value.valtype === 'null') return 'null';
  if (value.valtype === 'string') return `'${String(value.value).replaceAll("'", "''")}'`;
  if (value.valtype !== undefined) return String(value.value);
  if (typeof value.colname === 'string') return value.table ? `${value.table}.${value.colname}` : value.colname;
  return '';
}

/** Normalised SQL for a parse_sql dictionary, or undefined when it is not one. */
export function formatSqlModel(model: unknown): string | undefined {
  if (!model || typeof model !== 'object') return undefined;
  const m = model as SqlNode;
  const statement = String(m.statement ?? '').toLowerCase();
  if (statement === 'insert') return `insert into ${m.table}`;
  if (statement === 'update') return `update ${m.table}`;
  if (statement === 'delete') return `delete from ${m.table}${m.where ? ` where ${formatExpression(m.where)}` : ''}`;
  if (statement !== 'select') return undefined;
  const items = (key: string) => (Array.isArray(m[key]) ? (m[key] as SqlNode[]) : []);
  const aliased = (text: string, alias: unknown) => (alias ? `${text} as ${alias}` : text);
  let sql = `select ${m.distinct ? 'distinct ' : ''}${items('columns').map((column) => aliased(formatExpression(column), column.alias)).join(', ')}`;
  const from = items('from');
  if (from.length) {
    sql += ' from ';
    from.forEach((table, i) => {
      const text = aliased(String(table.table), table.alias);
      if (table.join) sql += ` ${table.join === 'inner' ? '' : `${table.join} `}join ${text}${table.on ? ` on ${formatExpression(table.on)}` : ''}`;
      else sql += `${i > 0 ? ', ' : ''}${text}`;
    });
  }
  if (m.where) sql += ` where ${formatExpression(m.where)}`;
  if (items('groupby').length) sql += ` group by ${items('groupby').map(formatExpression).join(', ')}`;
  if (m.having) sql += ` having ${formatExpression(m.having)}`;
  if (items('order').length) sql += ` order by ${items('order').map((key) => `${formatExpression(key.expr)} ${key.direction ?? 'asc'}`).join(', ')}`;
  const limit = m.limit as SqlNode | undefined;
  if (limit?.rowcount !== undefined) sql += ` limit ${limit.rowcount}${limit.offset !== undefined ? ` offset ${limit.offset}` : ''}`;
  return sql;
}
