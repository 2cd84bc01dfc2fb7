import type { AnalyzedDocument } from '../analysis/analyzer.ts';
import { findFunction, signatureLabel, summaryOf, writtenFunctionDoc } from '../catalog/catalog.ts';
import type { ParameterInformation, Position, SignatureHelp, SignatureInformation } from '../types.ts';
import { acceptsArguments, activeParameter } from './callSignatures.ts';
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
  const inString = context.stringToken !== undefined;
  if (context.stringToken) context = contextBefore(analyzed, context.stringToken);
  const call = enclosingCall(context);
  if (!call) return undefined;
  const entry = findFunction(call.before?.text ?? '');
  if (!entry || entry.signatures.length === 0) return undefined;

  const commas = call.tokens.filter((token) => token.type === 'Comma').length;
  const typing = inString || hasCurrentArgument(context, call);
  const active = Math.max(0, entry.signatures.findIndex((signature) => acceptsArguments(signature, commas, typing)));
  const written = writtenFunctionDoc(entry);
  const signatures = entry.signatures.map((signature): SignatureInformation => {
    const { label, parameters } = signatureLabel(entry.name, signature);
    return {
      label,
      documentation: summaryOf(entry),
      parameters: parameters.map((range, index): ParameterInformation => {
        const documentation = written?.parameters.get(signature.params[index]!.name);
        return documentation === undefined ? { label: range } : { label: range, documentation };
      }),
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

/** Whether something stands between the last comma (or the parenthesis) and the cursor. */
function hasCurrentArgument(context: CursorContext, call: Frame): boolean {
  if (call !== context.frames[0] || context.word.text !== '') return true;
  const last = call.tokens[call.tokens.length - 1];
  return last !== undefined && last.type !== 'Comma';
}
