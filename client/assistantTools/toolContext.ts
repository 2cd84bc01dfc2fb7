/** What every assistant tool works with: the connection (its token stays inside), the schema and the limits. */
import type { Schema } from '../../language/index.ts';
import type { Connection } from '../connection.ts';
import type { ToolLimits } from './limits.ts';

export interface ToolContext {
  connection: Connection;
  /** The service's datasets and fields; rejects when the service cannot be asked. */
  schema(signal: AbortSignal): Promise<Schema>;
  limits: ToolLimits;
}
