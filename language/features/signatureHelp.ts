import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import { findFunction, signatureLabel, type SignatureEntry } from '../catalog/catalog.ts';
import type { ParameterInformation, Position, SignatureHelp, SignatureInformation } from '../types.ts';
import { contextBefore, cursorContext, isNameLike, type CursorContext, type Frame } from './context.ts';

/**
 * Signature help inside a call's parentheses. The call is found from the tokens, so it works
 * in calls still being typed (`avg(` at the end of the text, `percentile(x, `).
 */
export function getSignatureHelp(analyzed: AnalyzedDocument, position: Position): SignatureHelp | undefined {
  const offset = analyzed.parsed.lineIndex.offsetAt(position);
  let context = cursorContext(analyzed, offset);
  if (context.lexical === 'comment') return undefined;
  // Inside a string argument the call is the one around the string.
  if (context.stringToken) context = contextBefore(analyzed, context.stringToken);
  const call = enclosingCall(context);
  if (!call) return undefined;
  const entry = findFunction(call.before?.text ?? '');
  if (!entry || entry.signatures.length === 0) return undefined;

  const commas = call.tokens.filter((token) => token.type === 'Comma').length;
  const active = Math.max(0, entry.signatures.findIndex((signature) => accepts(signature, commas)));
  const signatures = entry.signatures.map((signature): SignatureInformation => {
    const { label, parameters } = signatureLabel(entry.name, signature);
    return {
      label,
      documentation: entry.summary,
      parameters: parameters.map((range): ParameterInformation => ({ label: range })),
    };
  });
  return { signatures, activeSignature: active, activeParameter: activeParameter(entry.signatures[active], commas) };
}

/** The innermost bracket that is a call's argument list; grouping parentheses and lists inside it are skipped. */
function enclosingCall(context: CursorContext): Frame | undefined {
  const { stage } = context;
  for (const frame of context.frames) {
    if (frame.open.type !== 'LParen' || !frame.before || !isNameLike(frame.before)) continue;
    // `join (`, `datatable (`: the operator's own parentheses.
    if (frame.before === stage.tokens[0] && stage.operatorName) continue;
    return findFunction(frame.before.text) ? frame : undefined;
  }
  return undefined;
}

/** Whether a signature can take an argument after `commas` commas. */
function accepts(signature: SignatureEntry, commas: number): boolean {
  const params = signature.params;
  if (params.length === 0) return commas === 0;
  return commas < params.length || params.some((param) => param.variadic);
}

/** The parameter the next argument fills; repeating parameters stay active as the list grows. */
function activeParameter(signature: SignatureEntry, commas: number): number {
  const params = signature.params;
  if (commas < params.length) return commas;
  const firstVariadic = params.findIndex((param) => param.variadic);
  if (firstVariadic < 0) return Math.max(0, params.length - 1);
  // A repeating tuple (`[key, value]...`) cycles through its members.
  const groupSize = signature.variadicGroup?.length ?? 1;
  return firstVariadic + ((commas - firstVariadic) % groupSize);
}
