import type { FunctionEntry, ParameterEntry, SignatureEntry } from './catalogTypes.ts';

/**
 * Text built from catalog facts: signature labels, reference links and the markdown docs the
 * generator stores with each entry. Used by `scripts/generate-catalog.mjs` and at runtime.
 */

export interface SignatureLabel {
  label: string;
  /** [start, end) of each parameter in `label`, in the order of `signature.params`. */
  parameters: [number, number][];
}

const docsSite = 'https://axiom.co/docs/';

/** `content/docs/(query-reference)/apl/x/y.mdx` → `https://axiom.co/docs/apl/x/y`. */
export function docUrlFromPath(docPath: string): string {
  const page = docPath
    .replace(/^content\/docs\//, '')
    .split('/')
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .join('/')
    .replace(/\.mdx?$/, '');
  return docsSite + page;
}

/** `avg(expr: numeric): real`, `round(source: real, precision?: int): real`, `strcat(arg1: any, args: any...): string`. */
export function renderSignature(name: string, signature: SignatureEntry): string {
  return signatureLabel(name, signature).label;
}

export function signatureLabel(name: string, signature: SignatureEntry): SignatureLabel {
  const { params, variadicGroup } = signature;
  const parameters: [number, number][] = new Array(params.length);
  let label = `${name}(`;
  let first = true;
  const separate = () => {
    if (!first) label += ', ';
    first = false;
  };

  for (let i = 0; i < params.length; i++) {
    const param = params[i];
    const groupStart = variadicGroup && param.variadic ? i : -1;
    if (groupStart >= 0 && variadicGroup) {
      // A repeating tuple: `[key: string, value: any]...`.
      separate();
      label += '[';
      const groupEnd = Math.min(params.length, i + variadicGroup.length);
      for (let j = i; j < groupEnd; j++) {
        if (j > i) label += ', ';
        const start = label.length;
        label += `${params[j].name}: ${typeText(params[j].type, params)}`;
        parameters[j] = [start, label.length];
      }
      label += ']...';
      i = groupEnd - 1;
      continue;
    }
    separate();
    const start = label.length;
    label += parameterText(param, params);
    parameters[i] = [start, label.length];
  }
  label += `): ${typeText(signature.returns, params)}`;
  return { label, parameters };
}

function parameterText(param: ParameterEntry, params: ParameterEntry[]): string {
  const type = typeText(param.type, params);
  if (param.variadic) return `${param.name}: ${type}...`;
  return `${param.name}${param.optional ? '?' : ''}: ${type}`;
}

/** `same:N` reads better as the referenced parameter's own type. */
function typeText(type: string, params: ParameterEntry[]): string {
  const same = /^same:(\d+)$/.exec(type);
  if (!same) return type;
  const target = params[Number(same[1])];
  return target && !target.type.startsWith('same:') ? target.type : 'any';
}

/**
 * What a function's doc is written from: its catalog entry without the doc itself, and the user
 * documentation written for it (language/catalog/docs/), which takes the place of the catalog's
 * summary and notes.
 */
export type FunctionDocFacts = Omit<FunctionEntry, 'kind' | 'category' | 'doc'> & { written?: string };

export function functionDoc(facts: FunctionDocFacts): string {
  const parts = [codeBlock(facts.signatures.map((signature) => renderSignature(facts.name, signature)))];
  parts.push(facts.written ?? facts.summary);
  if (facts.aliasOf) parts.push(`Another name for \`${facts.aliasOf}\`.`);
  if (facts.defaultOutputName) parts.push(`Unnamed result column: ${facts.defaultOutputName}.`);
  if (facts.note && !facts.written) parts.push(facts.note);
  parts.push(facts.documented ? referenceLink(facts.name, facts.docUrl) : relatedLink(facts.docUrl));
  return parts.join('\n\n');
}

export interface OperatorDocFacts {
  name: string;
  syntax: string;
  summary: string;
  note?: string;
  aliasOf?: string;
  defaults?: Record<string, string | boolean>;
  status?: string;
  documented: boolean;
  docUrl: string;
  written?: string;
}

export function operatorDoc(facts: OperatorDocFacts): string {
  const parts = [codeBlock([facts.syntax]), facts.written ?? facts.summary];
  if (facts.aliasOf) parts.push(`Same as \`${facts.aliasOf}\`.`);
  const defaults = facts.defaults ? Object.entries(facts.defaults) : [];
  if (defaults.length > 0) {
    parts.push(`Defaults: ${defaults.map(([key, value]) => `\`${key}\` = \`${String(value)}\``).join(', ')}.`);
  }
  if (facts.status) parts.push(`Status: ${facts.status}.`);
  if (facts.note && !facts.written) parts.push(facts.note);
  parts.push(facts.documented ? referenceLink(facts.name, facts.docUrl) : relatedLink(facts.docUrl));
  return parts.join('\n\n');
}

export interface ScalarOperatorDocFacts {
  op: string;
  negation: string | null;
  caseSensitive: boolean | null;
  aliases?: string[];
  summary: string;
  documented: boolean;
  docUrl: string;
  written?: string;
}

export function scalarOperatorDoc(facts: ScalarOperatorDocFacts): string {
  const spellings = [facts.op, ...(facts.aliases ?? [])].map((op) => `\`${op}\``).join(' or ');
  const parts = facts.written ? [`${spellings}`, facts.written] : [`${spellings}: ${facts.summary}`];
  const traits: string[] = [];
  if (facts.caseSensitive === true) traits.push('Case-sensitive.');
  if (facts.caseSensitive === false) traits.push('Ignores case.');
  if (facts.negation) traits.push(`Negation: \`${facts.negation}\`.`);
  if (traits.length > 0) parts.push(traits.join(' '));
  parts.push(facts.documented ? referenceLink(facts.op, facts.docUrl) : relatedLink(facts.docUrl));
  return parts.join('\n\n');
}

export interface DataTypeDocFacts {
  name: string;
  aliases: string[];
  literals: string[];
  notes: string;
  docUrl: string;
  written?: string;
}

export function dataTypeDoc(facts: DataTypeDocFacts): string {
  const aliases = facts.aliases.length > 0 ? ` (also \`${facts.aliases.join('`, `')}\`)` : '';
  const parts = [`Type \`${facts.name}\`${aliases}.`];
  if (facts.written) parts.push(facts.written);
  else if (facts.notes) parts.push(facts.notes);
  if (facts.literals.length > 0) parts.push(`Literals: ${facts.literals.map((literal) => `\`${literal}\``).join(', ')}.`);
  parts.push(referenceLink('scalar data types', facts.docUrl));
  return parts.join('\n\n');
}


function codeBlock(lines: string[]): string {
  return ['```axiom-apl', ...lines, '```'].join('\n');
}

function referenceLink(title: string, url: string): string {
  return `[APL reference: ${title}](${url})`;
}

/** Names seen only in examples have no page of their own; point at the closest one. */
function relatedLink(url: string): string {
  return `Not documented in the APL reference; it appears in examples. [Related page](${url})`;
}
