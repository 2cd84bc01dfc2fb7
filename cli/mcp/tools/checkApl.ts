import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { checkTool } from '../../../client/assistantTools/checkTool.ts';
import type { ServiceAccess } from '../serviceAccess.ts';
import { guarded } from '../toolResult.ts';
import { aplInput } from './inputs.ts';

export function registerCheckApl(server: McpServer, access: ServiceAccess): void {
  server.registerTool(
    'check_apl',
    {
      title: 'Check an APL query',
      description:
        'Check an APL (Axiom Processing Language) query without running it, against the service\'s datasets and fields: syntax errors, unknown datasets, columns, operators and functions, wrong argument counts and types. Each problem has its line and column (1-based) and "did you mean" candidates. A valid query also gets the columns and types of its result. Call this before run_apl and fix every error it reports.',
      inputSchema: { apl: aplInput },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ apl }, extra) => guarded(() => checkTool(access.offline(), { apl }, extra.signal)),
  );
}
