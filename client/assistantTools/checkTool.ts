/** `check_apl` against the service's schema (or, when the service cannot be asked, the syntax alone). */
import type { Schema } from '../../language/index.ts';
import { checkQuery, describeCheck, type QueryCheck } from './checkQuery.ts';
import { boundedSignal, clipText, queryTextProblem } from './limits.ts';
import type { ToolContext } from './toolContext.ts';
import { requestFailureText, toolError, type ToolOutput } from './toolOutput.ts';

export interface CheckInput {
  apl: string;
}

/** The check and, when the schema could not be read, why. */
export async function checkWithSchema(context: ToolContext, apl: string, outer?: AbortSignal): Promise<{ check: QueryCheck; schemaProblem?: string }> {
  let schema: Schema | undefined;
  let schemaProblem: string | undefined;
  try {
    schema = await context.schema(boundedSignal(context.limits.timeoutMs, outer));
  } catch (error) {
    schemaProblem = requestFailureText(error, context.connection.url, context.limits.timeoutMs);
  }
  return { check: checkQuery(apl, schema), schemaProblem };
}

export async function checkTool(context: ToolContext, input: CheckInput, outer?: AbortSignal): Promise<ToolOutput> {
  const problem = queryTextProblem(input.apl);
  if (problem) return toolError(problem);
  const { check, schemaProblem } = await checkWithSchema(context, input.apl, outer);
  const text = describeCheck(check) + (schemaProblem ? `\n(The schema could not be read: ${schemaProblem})` : '');
  // A query with errors is still a successful check: the problems are the answer.
  return { text: clipText(text, context.limits.maxChars) };
}
