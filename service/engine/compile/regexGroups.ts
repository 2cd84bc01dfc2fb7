/**
 * What the engine reads of a user's regular expression: its capturing groups as DuckDB numbers
 * them (plain `(`, and named `(?P<name>` or `(?<name>` groups; not `(?:`, flags or look-arounds,
 * nor a `(` escaped or inside a character class), and the spelling of named groups DuckDB's RE2 reads.
 */

export function capturingGroups(pattern: string): number {
  return groupsOf(pattern).count;
}

/** The number of each named group of the pattern (`(?P<name>` or `(?<name>`). */
export function namedGroups(pattern: string): Map<string, number> {
  return groupsOf(pattern).names;
}

/**
 * The pattern with `(?<name>` groups spelt `(?P<name>`: the form DuckDB's RE2 reads (Splunk's rex
 * and .NET write the first; RE2 took it up after DuckDB's copy).
 */
export function re2Spelling(pattern: string): string {
  let result = '';
  let from = 0;
  for (const at of openingParentheses(pattern)) {
    if (!angleNamed(pattern, at)) continue;
    result += `${pattern.slice(from, at + 2)}P`;
    from = at + 2;
  }
  return result + pattern.slice(from);
}

function groupsOf(pattern: string): { count: number; names: Map<string, number> } {
  const names = new Map<string, number>();
  let count = 0;
  for (const at of openingParentheses(pattern)) {
    if (pattern[at + 1] !== '?') count++;
    else if (pattern.startsWith('P<', at + 2) || angleNamed(pattern, at)) {
      count++;
      const name = /^\(\?P?<(\w+)>/.exec(pattern.slice(at, at + 64))?.[1];
      if (name !== undefined && !names.has(name)) names.set(name, count);
    }
  }
  return { count, names };
}

/** `(?<` that opens a named group, not a look-behind `(?<=` or `(?<!`. */
function angleNamed(pattern: string, at: number): boolean {
  return pattern.startsWith('?<', at + 1) && pattern[at + 3] !== '=' && pattern[at + 3] !== '!';
}

/** Where each `(` of the pattern is that is neither escaped nor inside a character class. */
function* openingParentheses(pattern: string): Generator<number> {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '\\') i++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') {
      inClass = true;
      // A `]` first in the class (after an optional `^`) is one of its characters.
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
    } else if (char === '(') yield i;
  }
}
