import { rules } from '../../language/analysis/rules.ts';

/**
 * What each `apl check` code means, for the rules of a SARIF log: GitHub code scanning shows the
 * short description in its list and the full one and the help beside an alert.
 */
export interface RuleDescription {
  short: string;
  full: string;
}

/** What the analyzer's rules mean (language/analysis/rules.ts), and the two codes only a report has. */
const descriptions = new Map<string, RuleDescription>([
  ['syntax', { short: 'Syntax error', full: 'The query does not parse: a token is missing, misplaced or not valid APL.' }],
  ['unreadable-file', { short: 'File cannot be read', full: 'apl check could not read the file.' }],
  ...Object.values(rules).map((rule): [string, RuleDescription] => [rule.code, { short: rule.short, full: rule.full }]),
]);

/** Codes added to the analyzer later still get a description, made from the code. */
export function ruleDescription(code: string): RuleDescription {
  const known = descriptions.get(code);
  if (known) return known;
  const words = code.replaceAll('-', ' ');
  const short = words.charAt(0).toUpperCase() + words.slice(1);
  return { short, full: `${short}.` };
}
