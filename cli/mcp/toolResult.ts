/** From the shared tools' answers to MCP tool results: failures are results with isError, never protocol errors. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { NoTokenError, type ToolOutput } from '../../client/assistantTools/toolOutput.ts';

export function toolResult(output: ToolOutput): CallToolResult {
  return { content: [{ type: 'text', text: output.text }], ...(output.isError ? { isError: true } : {}) };
}

/** Runs a tool's work; whatever it throws comes back as a tool error the model can read. */
export async function guarded(work: () => Promise<ToolOutput> | ToolOutput): Promise<CallToolResult> {
  try {
    return toolResult(await work());
  } catch (error) {
    if (error instanceof NoTokenError) return toolResult({ text: error.message, isError: true });
    return toolResult({ text: `The tool failed: ${error instanceof Error ? error.message : String(error)}`, isError: true });
  }
}
