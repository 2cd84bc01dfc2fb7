/** The `apl mcp` server: the APL tools, the reference resources and the idioms prompt on one McpServer. */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { version } from '../version.ts';
import { registerIdiomsPrompt } from './idiomsPrompt.ts';
import { registerReferenceResources } from './reference.ts';
import type { ServiceAccess } from './serviceAccess.ts';
import { registerCheckApl } from './tools/checkApl.ts';
import { registerGetDatasetSchema } from './tools/datasetSchema.ts';
import { registerExplainApl } from './tools/explainApl.ts';
import { registerListDatasets } from './tools/listDatasets.ts';
import { registerRunApl } from './tools/runApl.ts';

export function createAplMcpServer(access: ServiceAccess): McpServer {
  const server = new McpServer(
    { name: 'apl', title: 'APL (Axiom Processing Language)', version },
    {
      instructions:
        'Tools for APL, the query language of Axiom-style event data services. Check every query with check_apl before run_apl; the apl_idioms prompt and the apl://reference resources teach the language.',
    },
  );
  registerListDatasets(server, access);
  registerGetDatasetSchema(server, access);
  registerCheckApl(server, access);
  registerRunApl(server, access);
  registerExplainApl(server, access);
  registerReferenceResources(server);
  registerIdiomsPrompt(server);
  return server;
}
