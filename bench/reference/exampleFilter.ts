/**
 * Decides which code blocks of the APL reference are example queries worth measuring.
 *
 * A block is a candidate when its fence is tagged `kusto` or `apl` (how the reference tags APL;
 * SQL and SPL comparisons carry `sql`, `splunk` or `spl` and are never candidates). A candidate is
 * left out, for the first reason that applies, when it is:
 *
 *  - `syntax-section`: under a heading named "Syntax". Those blocks are skeletons
 *    (`summarize max(ColumnName)`, `Expression in~ (Value1, Value2, ...)`), never runnable queries.
 *  - `fragment`: a piece of a query. Its first code line starts with `|`, `...` or `…`; or it
 *    starts with a tabular operator that cannot begin a query (`extend x = ...` without a dataset);
 *    or it holds only `let`/`set` statements and no query after them.
 *  - `typographic-quotes`: it contains “ ” ‘ ’, which the docs' typesetting put where ASCII quotes
 *    belong; no parser should accept them.
 *  - `other-language`: not APL although tagged so — backticked names (MPL's `dataset`:`metric`),
 *    or SQL/SPL shapes (`SELECT ...`, `index=...`, `| stats ...`).
 *  - `placeholder`: outside strings and comments it contains an `<Angle placeholder>`, an
 *    ellipsis (`...`, `…`), or an optional-part bracket of a syntax skeleton (`[, ...]`,
 *    `[kind=Kind]`).
 *  - `expression`: a lone scalar expression, not a query: no `|` at all, and it starts with a
 *    literal or with a call of a function other than the table sources (`format_ipv4_mask(ip, 24)`,
 *    `['array_shift_left'](array, 1)`, `"get" == "get"`).
 *
 * Placeholder dataset names such as `['dataset']` or `T` do not disqualify a query: it still has
 * to parse. It is only analysed when it reads a playground dataset (see playground.ts).
 */
import type { CodeBlock } from './codeBlocks.ts';

export type LeftOutReason = 'syntax-section' | 'fragment' | 'typographic-quotes' | 'other-language' | 'placeholder' | 'expression';

export type Verdict = { kind: 'example' } | { kind: 'left-out'; reason: LeftOutReason; detail: string };

const queryLanguages = new Set(['kusto', 'apl']);

/** Tabular operators that only make sense after a pipe (the catalog's, minus the sources). */
const pipeOnlyOperators = new Set([
  'count', 'distinct', 'extend', 'extend-valid', 'getschema', 'join', 'limit', 'lookup', 'make-series', 'mv-expand',
  'order', 'parse', 'parse-kv', 'parse-where', 'project', 'project-away', 'project-keep', 'project-rename',
  'project-reorder', 'redact', 'sample', 'sort', 'summarize', 'take', 'top', 'where',
]);

/** Calls that produce a table and so may start a query. */
const tableSources = new Set(['datatable', 'externaldata', 'range', 'print', 'union', 'search']);

export function isQueryBlock(block: CodeBlock): boolean {
  return queryLanguages.has(block.language);
}

export function classify(block: CodeBlock): Verdict {
  const text = block.text;
  const leftOut = (reason: LeftOutReason, detail: string): Verdict => ({ kind: 'left-out', reason, detail });

  if (/^syntax$/i.test(block.heading.trim())) return leftOut('syntax-section', `under "${block.heading}"`);

  const code = withoutStringsAndComments(text);
  const firstLine = code.split('\n').find((line) => line.trim() !== '')?.trim() ?? '';
  const fragmentStart = /^(\||\.\.\.|…)/.exec(firstLine);
  if (fragmentStart) return leftOut('fragment', `starts with ${fragmentStart[0]}`);
  const firstWord = /^[A-Za-z_][\w-]*/.exec(firstLine)?.[0] ?? '';
  if (pipeOnlyOperators.has(firstWord) && firstLine !== firstWord) return leftOut('fragment', `starts with the operator ${firstWord}`);
  if (onlyStatements(code)) return leftOut('fragment', 'only let/set statements');

  const typographic = /[“”‘’]/.exec(text);
  if (typographic) return leftOut('typographic-quotes', `contains ${typographic[0]}`);

  if (code.includes('`')) return leftOut('other-language', 'backticked names');
  if (/^\s*select\s/im.test(code) || /^\s*index\s*=/m.test(code) || /\|\s*(stats|eval|rex|spath|timechart|table)\b/.test(code)) {
    return leftOut('other-language', 'SQL/SPL shape');
  }

  const placeholder = /<[A-Za-z_][\w .:-]*>|\.\.\.|…|\[\s*,|\[\s*[A-Za-z_]\w*\s*=/.exec(code);
  if (placeholder) return leftOut('placeholder', `contains ${placeholder[0]}`);

  if (!code.includes('|')) {
    const call = /^(?:([A-Za-z_]\w*)|\[\s*(['"])[^'"\n]*\2\s*\])\s*\(/.exec(text.trimStart());
    if (/^["'@\d]/.test(text.trimStart()) || (call && !tableSources.has(call[1] ?? ''))) return leftOut('expression', 'a scalar expression, not a query');
  }
  return { kind: 'example' };
}

/** Strings become `""` and comments disappear, so the checks above only see code. */
export function withoutStringsAndComments(text: string): string {
  return text.replace(/@'[^'\n]*'|@"[^"\n]*"|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|\/\/[^\n]*/g, (match) => (match.startsWith('//') ? '' : '""'));
}

function onlyStatements(code: string): boolean {
  const statements = code.split(';').map((part) => part.trim()).filter((part) => part !== '');
  return statements.length > 0 && statements.every((statement) => /^(let|set)\b/.test(statement));
}
