import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { defaultToolLimits } from '../../client/assistantTools/limits.ts';
import { exitCodes, parseCommandArgs, UsageError, type CliContext, type Command } from '../command.ts';
import { ServiceAccess } from '../mcp/serviceAccess.ts';
import { createAplMcpServer } from '../mcp/server.ts';
import { connectionFlags, connectionOptionLines, serviceTarget, tokenUsage } from '../serviceConnection.ts';

const usage = `Usage: apl mcp [options]

Runs a Model Context Protocol server on stdin and stdout, for AI assistants (Claude, Copilot,
Cursor): tools to list datasets, read a dataset's schema, check, run and explain APL queries,
the APL reference as resources and a prompt on APL idioms. Queries are checked before they run.
Add it to the assistant's MCP configuration as the command: apl mcp

Options:
${connectionOptionLines(17)}
  --timeout SECS  How long one tool call may wait on the service (default ${defaultToolLimits.timeoutMs / 1000})
  --max-chars N   The most characters one tool result holds (default ${defaultToolLimits.maxChars})
  -h, --help      Show this help

${tokenUsage}
Without a token it starts anyway: check_apl and explain_apl work, the other tools say how to set
one, and the local service's token is looked for again on each call.`;

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'Serve the APL tools to AI assistants (Model Context Protocol over stdio)',
  usage,
  async run(args: string[], context: CliContext): Promise<number> {
    const { values, positionals } = parseCommandArgs(args, {
      ...connectionFlags,
      timeout: { type: 'string' },
      'max-chars': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    });
    if (values.help) {
      context.stdout(usage);
      return exitCodes.ok;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const limits = {
      timeoutMs: readPositive(values.timeout, '--timeout', defaultToolLimits.timeoutMs / 1000, 600) * 1000,
      maxChars: Math.floor(readPositive(values['max-chars'], '--max-chars', defaultToolLimits.maxChars, 1_000_000)),
    };
    if (limits.maxChars < 1000) throw new UsageError('--max-chars must be at least 1000');
    const target = await serviceTarget(values);
    const server = createAplMcpServer(new ServiceAccess(target, limits));
    // stdout carries the protocol: anything else this process says goes to stderr.
    const transport = new StdioServerTransport();
    const closed = new Promise<void>((resolve) => {
      transport.onclose = resolve;
      process.stdin.once('end', resolve);
    });
    await server.connect(transport);
    const tokenless = target.token ? '' : ' (no token yet: the tools that need the service say how to set one)';
    context.stderr(`apl mcp: serving the APL tools for ${target.url} on stdio${tokenless}`);
    await closed;
    await server.close();
    return exitCodes.ok;
  },
};

function readPositive(text: string | undefined, flag: string, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!(value > 0) || value > max) throw new UsageError(`invalid ${flag} '${text}' (a number from 1 to ${max})`);
  return value;
}
