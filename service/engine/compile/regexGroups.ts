/**
 * What the engine reads of a user's regular expression. The capturing groups of an RE2 pattern, as DuckDB numbers them: plain `(`, and named
 * `(?P<name>` or `(?<name>` groups; not `(?:`, flags or look-arounds, nor a `(` escaped or inside
 * a character class.
 */
export function capturingGroups(pattern: string): number {
  return groupsOf(pattern).count;
}

/** The number of each named group of the pattern (`(?P<name>` or `(?<name>`). */
export function namedGroups(pattern: string): Map<string, number> {
  return groupsOf(pattern).names;
}

function groupsOf(pattern: string): { count: number; names: Map<string, number> } {
  const names = new Map<string, number>();
  let count = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') {
      inClass = true;
      // A `]` first in the class (after an optional `^`) is one of its characters.
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
      continue;
    }
    if (char !== '(') continue;
    if (pattern[i + 1] !== '?') count++;
    else if (pattern.startsWith('P<', i + 2) || (pattern[i + 2] === '<' && pattern[i + 3] !== '=' && pattern[i + 3] !== '!')) {
      count++;
      const name = /^\(\?P?<(\w+)>/.exec(pattern.slice(i, i + 64))?.[1];
      if (name !== undefined && !names.has(name)) names.set(name, count);
    }
  }
  return { count, names };
}

/**
 * The pattern with `(?<name>` groups spelt `(?P<name>`: the form DuckDB's RE2 reads (Splunk's rex
 * and .NET write the first; RE2 took it up after DuckDB's copy).
 */
export function re2Spelling(pattern: string): string {
  let result = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    result += char;
    if (char === '\\') {
      result += pattern[i + 1] ?? '';
      i++;
    } else if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
      for (const first of ['^', ']']) {
        if (pattern[i + 1] === first) result += pattern[++i];
      }
    } else if (char === '(' && pattern.startsWith('?<', i + 1) && pattern[i + 3] !== '=' && pattern[i + 3] !== '!') {
      result += '?P';
      i++;
    }
  }
  return result;
}

/** A regex argument's SQL: a plain string literal gets `re2Spelling`; an expression is left as it is. */
export function re2Sql(sql: string): string {
  const literal = /^'((?:[^']|'')*)'$/.exec(sql);
  return literal ? `'${re2Spelling(literal[1]!.replaceAll("''", "'")).replaceAll("'", "''")}'` : sql;
}
