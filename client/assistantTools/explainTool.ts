/** `explain_apl`: the catalog's documentation of every operator and function a query uses. Pure. */
import { analyzeDocument, getCatalogReferences, parseDocument } from '../../language/index.ts';
import { clipText } from './limits.ts';
import type { ToolOutput } from './toolOutput.ts';

export interface ExplainInput {
  apl: string;
}

export function explainTool(input: ExplainInput, maxChars: number): ToolOutput {
  const references = getCatalogReferences(analyzeDocument(parseDocument(input.apl)));
  if (references.length === 0) return { text: 'The query uses no operator or function the catalog knows.' };
  // Each entry gets an equal share of the budget, so a long first entry cannot crowd out the rest.
  const share = Math.max(400, Math.floor(maxChars / references.length) - 40);
  const sections = references.map((reference) => `## ${reference.kind} \`${reference.name}\`\n\n${clipText(reference.doc, share)}`);
  return { text: clipText(sections.join('\n\n'), maxChars) };
}
