/** How names are written in query text: bare when they can be, `['…']` otherwise. */

const bareName = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Words that cannot stand for a name: the lexer's reserved words, and the clause keywords that
 * would be read as part of an operator's syntax (`summarize count() by by` is no use).
 */
const keywords = new Set([
  'and', 'or', 'not', 'true', 'false', 'null', 'in', 'between',
  'contains', 'contains_cs', 'startswith', 'startswith_cs', 'endswith', 'endswith_cs',
  'has', 'has_cs', 'hasprefix', 'hasprefix_cs', 'hassuffix', 'hassuffix_cs',
  'has_any', 'has_any_cs', 'has_all', 'has_all_cs', 'matches',
  'by', 'on', 'with', 'asc', 'desc', 'nulls', 'first', 'last', 'from', 'to', 'step', 'default', 'as',
  'typeof', 'dynamic', 'let', 'set',
]);

export function needsQuoting(name: string): boolean {
  return !bareName.test(name) || keywords.has(name);
}

/** `status` stays as it is; `geo.city` becomes `['geo.city']`. */
export function nameReference(name: string): string {
  return needsQuoting(name) ? `['${escapeQuoted(name, "'")}']` : name;
}

/** A dataset is always written `['name']`, as the APL reference writes datasets. */
export function datasetReference(name: string): string {
  return `['${escapeQuoted(name, "'")}']`;
}

/** A name's text inside quotes of the given kind. */
export function escapeQuoted(name: string, quote: string): string {
  return name.replace(/\\/g, '\\\\').split(quote).join(`\\${quote}`);
}
