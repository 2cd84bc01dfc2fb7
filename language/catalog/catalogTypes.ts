/**
 * The shapes of the APL catalog's entries. The data itself is generated into
 * `catalog.generated.ts` by `scripts/generate-catalog.mjs`; lookups live in `catalog.ts`.
 *
 * Parameter and return types are written as in the source catalog: a type name (`string`,
 * `long`, `dynamic`, ...), `numeric` (int|long|real), a union `a|b`, `same:N` (the type of
 * argument N), `any`, `type` (a `typeof(T)` argument) and, for returns only, `columns`
 * (an aggregation that emits several columns).
 */

/** APL's scalar type names after alias folding. */
export type TypeName = 'bool' | 'int' | 'long' | 'real' | 'string' | 'datetime' | 'timespan' | 'dynamic';

export interface ParameterEntry {
  name: string;
  type: string;
  optional: boolean;
  variadic: boolean;
}

export interface SignatureEntry {
  params: ParameterEntry[];
  returns: string;
  /** Parameters that repeat together as a tuple (`key, value, key, value, ...`). */
  variadicGroup?: string[];
}

export interface FunctionEntry {
  name: string;
  kind: 'scalar' | 'aggregation';
  category: string;
  signatures: SignatureEntry[];
  summary: string;
  note?: string;
  /** The function this one is another name for. */
  aliasOf?: string;
  /** How an unnamed use is named in a summarize result, as the docs describe it. */
  defaultOutputName?: string;
  /** False for names that only appear in examples. */
  documented: boolean;
  docUrl: string;
  /** Markdown: signature, summary, notes and a link to the reference page. */
  doc: string;
}

export interface OperatorEntry {
  name: string;
  syntax: string;
  summary: string;
  note?: string;
  keywords: string[];
  aliasOf?: string;
  aliases?: string[];
  defaults?: Record<string, string | boolean>;
  /** `source` for operators that may begin a query. */
  role?: string;
  status?: string;
  outputColumns?: string[];
  documented: boolean;
  docUrl: string;
  doc: string;
}

export type ScalarOperatorGroup = 'arithmetic' | 'comparison' | 'logical' | 'string' | 'setMembership' | 'range';

export interface ScalarOperatorEntry {
  op: string;
  group: ScalarOperatorGroup;
  negation: string | null;
  /** null when case does not apply. */
  caseSensitive: boolean | null;
  /** For string operators: equality, substring, prefix, suffix, term, term-set, term-prefix, term-suffix or regex. */
  matchKind?: string;
  aliases?: string[];
  summary: string;
  documented: boolean;
  docUrl: string;
  doc: string;
}

export interface DataTypeEntry {
  name: TypeName;
  aliases: string[];
  literals: string[];
  notes: string;
  docUrl: string;
  doc: string;
}
