import type { Command } from '../command.ts';
import { checkCommand } from './check.ts';
import { fmtCommand } from './fmt.ts';
import { ingestCommand } from './ingest.ts';
import { mcpCommand } from './mcp.ts';
import { runCommand } from './run.ts';
import { schemaCommand } from './schema.ts';
import { serveCommand } from './serve.ts';

/** Every `apl` subcommand, in the order `apl --help` lists them. */
export const commands: readonly Command[] = [checkCommand, fmtCommand, runCommand, ingestCommand, schemaCommand, serveCommand, mcpCommand];
