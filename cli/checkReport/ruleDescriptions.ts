/**
 * What each `apl check` code means, for the rules of a SARIF log: GitHub code scanning shows the
 * short description in its list and the full one and the help beside an alert.
 */
export interface RuleDescription {
  short: string;
  full: string;
}

const descriptions: Record<string, RuleDescription> = {
  syntax: { short: 'Syntax error', full: 'The query does not parse: a token is missing, misplaced or not valid APL.' },
  'unknown-operator': { short: 'Unknown tabular operator', full: 'The word after a pipe is not an APL tabular operator.' },
  'unknown-function': { short: 'Unknown function', full: 'The function called is not an APL scalar or aggregation function, nor a let-defined one.' },
  'argument-count': { short: 'Wrong number of arguments', full: 'The function is called with fewer or more arguments than it takes.' },
  'argument-type': { short: 'Argument of an unexpected type', full: "An argument's type does not match what the function expects." },
  'aggregation-context': {
    short: 'Aggregation out of place',
    full: 'An aggregation function is used outside summarize or make-series, or inside another aggregation.',
  },
  'aggregation-expected': { short: 'Aggregation expected', full: 'A summarize or make-series column is not computed by an aggregation function.' },
  'unknown-dataset': { short: 'Unknown dataset', full: 'The query reads a dataset the schema does not list.' },
  'unknown-column': { short: 'Unknown column', full: 'The column is neither a field of the dataset nor one an earlier stage of the query creates.' },
  'column-out-of-scope': { short: 'Column out of scope', full: 'The column existed earlier in the query, but a later stage such as project or summarize dropped it.' },
  'unknown-type': { short: 'Unknown type', full: 'The name is not an APL scalar type.' },
  'bin-auto-time': { short: 'bin_auto needs _time', full: 'bin_auto is only valid over the _time column.' },
  'unreadable-file': { short: 'File cannot be read', full: 'apl check could not read the file.' },
};

/** Codes added to the analyzer later still get a description, made from the code. */
export function ruleDescription(code: string): RuleDescription {
  const known = descriptions[code];
  if (known) return known;
  const words = code.replaceAll('-', ' ');
  const short = words.charAt(0).toUpperCase() + words.slice(1);
  return { short, full: `${short}.` };
}
