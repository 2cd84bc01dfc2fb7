/**
 * The capturing groups of a user's RE2 pattern, as DuckDB numbers them: plain `(`, and named
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
