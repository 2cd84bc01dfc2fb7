import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { explainTool } from '../../../client/assistantTools/explainTool.ts';
import type { ServiceAccess } from '../serviceAccess.ts';
import { guarded } from '../toolResult.ts';
import { aplInput } from './inputs.ts';

export function registerExplainApl(server: McpServer, access: ServiceAccess): void {
  server.registerTool(
    'explain_apl',
    {
      title: 'Explain an APL query',
      description:
        'The reference documentation (syntax, parameters, notes) of every operator, function and string operator an APL query uses, from the APL catalog. Use it to understand a query or to look up how a function is called; works without the service.',
      inputSchema: { apl: aplInput },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ apl }) => guarded(() => explainTool({ apl }, access.limits.maxChars)),
  );
}
