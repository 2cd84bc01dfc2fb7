/**
 * How the `apl mcp` tools reach the service. Without a token `apl mcp` still starts (an assistant
 * launches it with whatever environment it has): check_apl and explain_apl need no service, and
 * the others answer a tool error saying how to set one. The token is looked for again on each call
 * until found, so a local service started after the assistant (`apl serve` writes its admin token
 * on first start) is reached without restarting `apl mcp`.
 */
import * as path from 'node:path';
import type { ToolContext } from '../../client/assistantTools/toolContext.ts';
import type { ToolLimits } from '../../client/assistantTools/limits.ts';
import { NoTokenError } from '../../client/assistantTools/toolOutput.ts';
import { SchemaCache } from '../../client/assistantTools/schemaCache.ts';
import { Connection } from '../../client/connection.ts';
import { defaultDataDir, isLocalUrl } from '../../client/localService.ts';
import { serviceToken, type ServiceTarget } from '../serviceConnection.ts';

export class ServiceAccess {
  private found: ToolContext | undefined;
  /** Never sends a request: it only names the service in check_apl's note on the schema. */
  private readonly unconnected: Connection;

  constructor(
    private readonly target: ServiceTarget,
    readonly limits: ToolLimits,
    private readonly environment: NodeJS.ProcessEnv = process.env,
  ) {
    this.unconnected = new Connection({ url: target.url, token: '' });
  }

  get url(): string {
    return this.target.url;
  }

  /** The context of the tools that need the service; rejects with a NoTokenError while there is no token. */
  async context(): Promise<ToolContext> {
    if (this.found) return this.found;
    const token = this.target.token ?? (await serviceToken(this.target.url, this.environment));
    if (!token) throw new NoTokenError(this.noTokenText());
    const connection = new Connection({ url: this.target.url, token, orgId: this.target.orgId });
    const schemas = new SchemaCache(connection);
    this.found = { connection, limits: this.limits, schema: (signal) => schemas.get(signal) };
    return this.found;
  }

  /** The context of check_apl, which works without the service: the schema is read when there is a token. */
  offline(): ToolContext {
    return {
      connection: this.found?.connection ?? this.unconnected,
      limits: this.limits,
      schema: async (signal) => (await this.context()).schema(signal),
    };
  }

  private noTokenText(): string {
    const credentials = path.join(defaultDataDir(this.environment), 'credentials.json');
    const local = isLocalUrl(new URL(this.target.url))
      ? `, or start the local service with 'apl serve' (apl mcp then reads the admin token it writes to ${credentials}) or set APL_ADMIN_TOKEN`
      : '';
    return (
      `No token for ${this.target.url}, so this tool cannot reach the service. Set AXIOM_TOKEN (and AXIOM_ORG_ID for a personal ` +
      `xapt- token) in the environment the assistant starts 'apl mcp' with${local}. check_apl and explain_apl work without a token.`
    );
  }
}
