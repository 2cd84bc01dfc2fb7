import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { defaultMaxRows, maxRowsCap } from '../../../client/assistantTools/limits.ts';
import { runTool } from '../../../client/assistantTools/runTool.ts';
import type { ServiceAccess } from '../serviceAccess.ts';
import { guarded } from '../toolResult.ts';
import { aplInput } from './inputs.ts';

export function registerRunApl(server: McpServer, access: ServiceAccess): void {
  server.registerTool(
    'run_apl',
    {
      title: 'Run an APL query',
      description: `Run an APL query against the service and get a compact result table plus status (rows examined and matched, truncation). The query is checked first: a query with errors is not run and comes back as an error with positions and suggestions. The time range is given here (since, or start_time and end_time), so the query needs no _time filter of its own. At most max_rows rows come back (default ${defaultMaxRows}): prefer summarize over fetching raw events.`,
      inputSchema: {
        apl: aplInput,
        since: z.string().max(40).optional().describe('The range ending now, as an APL timespan: 15m, 1h, 7d (default 1h). Not with start_time/end_time.'),
        start_time: z.string().max(40).optional().describe('Start of an absolute range, ISO 8601 (e.g. 2026-01-01T00:00:00Z); with end_time.'),
        end_time: z.string().max(40).optional().describe('End of an absolute range, ISO 8601; with start_time.'),
        max_rows: z.number().int().min(1).max(maxRowsCap).optional().describe(`Most rows to return (1-${maxRowsCap}, default ${defaultMaxRows}).`),
        format: z.enum(['markdown', 'csv']).optional().describe('Table format: markdown (default) or csv (more compact for wide tables).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (input, extra) =>
      guarded(async () =>
        runTool(
          await access.context(),
          { apl: input.apl, since: input.since, startTime: input.start_time, endTime: input.end_time, maxRows: input.max_rows, format: input.format },
          extra.signal,
        ),
      ),
  );
}
