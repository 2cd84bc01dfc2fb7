import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { datasetSchema } from '../../../client/assistantTools/datasetSchema.ts';
import type { ServiceAccess } from '../serviceAccess.ts';
import { guarded } from '../toolResult.ts';

export function registerGetDatasetSchema(server: McpServer, access: ServiceAccess): void {
  server.registerTool(
    'get_dataset_schema',
    {
      title: 'Get a dataset’s schema',
      description:
        'The fields of one dataset with their types (string, long, real, bool, datetime, timespan, dynamic) and descriptions, optionally with a few sample values each. Use the exact field names in APL queries; quote names with dots or dashes as [\'name\'].',
      inputSchema: {
        dataset: z.string().min(1).max(200).describe('The dataset name, as list_datasets gives it (without brackets or quotes).'),
        sample_values: z
          .number()
          .int()
          .min(0)
          .max(5)
          .optional()
          .describe('How many distinct sample values to show per field, from recent events (0-5, default 0).'),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ dataset, sample_values }, extra) => guarded(async () => datasetSchema(await access.context(), { dataset, sampleValues: sample_values }, extra.signal)),
  );
}
