import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { listDatasets } from '../../../client/assistantTools/listDatasets.ts';
import type { ServiceAccess } from '../serviceAccess.ts';
import { guarded } from '../toolResult.ts';

export function registerListDatasets(server: McpServer, access: ServiceAccess): void {
  server.registerTool(
    'list_datasets',
    {
      title: 'List datasets',
      description:
        'List the datasets of the Axiom-compatible service (name and description; event counts on request). Call this first to learn which datasets exist; in APL a dataset is written [\'name\'].',
      inputSchema: {
        event_counts: z
          .boolean()
          .optional()
          .describe('Also count the events stored in each dataset (one small query per dataset; slower). Default false.'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ event_counts }, extra) => guarded(async () => listDatasets(await access.context(), { eventCounts: event_counts }, extra.signal)),
  );
}
