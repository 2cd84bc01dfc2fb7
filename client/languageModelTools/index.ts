/**
 * The APL tools for VS Code's language models (Copilot's agent mode): list datasets, a dataset's
 * schema, check a query, run a query. They use the extension's connection and token; the token
 * never reaches the model. A query for a service that is not local waits for the user's yes.
 */
import * as vscode from 'vscode';
import type { RunInput, ToolContext, ToolOutput } from '../assistantTools/index.ts';
import type { Ctx } from '../context.ts';
import { fetchSchema } from '../schema.ts';
import { describeTimeRange, resolveTimeRange } from '../timeRange.ts';
import { runConfirmation } from './confirmation.ts';
import { toolNames } from './toolNames.ts';
import { languageModelToolApi, type LanguageModelTool, type LanguageModelToolApi, type PreparedToolInvocation } from './lmApi.ts';


interface RunToolInput {
  apl: string;
  since?: string;
  start_time?: string;
  end_time?: string;
  max_rows?: number;
  format?: 'markdown' | 'csv';
}

// The tools' work (with the language core) is a bundle of its own, loaded on the first call (scripts/build.mjs).
const tools = () => import('../assistantTools/index.ts');

export function registerLanguageModelTools(ctx: Ctx): void {
  const api = languageModelToolApi();
  if (!api) return;
  const register = <T>(name: string, work: (context: ToolContext, input: T, signal: AbortSignal) => Promise<ToolOutput>, prepare?: LanguageModelTool<T>['prepareInvocation']) =>
    ctx.push(api.registerTool<T>(name, aplTool(ctx, api, work, prepare)));

  register<{ event_counts?: boolean }>(toolNames.listDatasets, async (context, input, signal) =>
    (await tools()).listDatasets(context, { eventCounts: input.event_counts }, signal),
  );
  register<{ dataset: string; sample_values?: number }>(toolNames.datasetSchema, async (context, input, signal) =>
    (await tools()).datasetSchema(context, { dataset: String(input.dataset ?? ''), sampleValues: input.sample_values }, signal),
  );
  register<{ apl: string }>(toolNames.check, async (context, input, signal) => (await tools()).checkTool(context, { apl: String(input.apl ?? '') }, signal));
  register<RunToolInput>(
    toolNames.run,
    async (context, input, signal) => (await tools()).runTool(context, runInput(ctx, input), signal),
    ({ input }) => prepareRun(ctx, input),
  );
}

function aplTool<T>(
  ctx: Ctx,
  api: LanguageModelToolApi,
  work: (context: ToolContext, input: T, signal: AbortSignal) => Promise<ToolOutput>,
  prepare: LanguageModelTool<T>['prepareInvocation'],
): LanguageModelTool<T> {
  return {
    async invoke(options, token) {
      const connection = await ctx.connection(false);
      if (!connection) throw new Error(`No token for the APL connection ${ctx.active.name} (${ctx.active.url}): ask the user to run "APL: Set Token".`);
      // The schema the editor checks against (loaded for the active connection), read only when there is none.
      const context: ToolContext = { connection, limits: (await tools()).defaultToolLimits, schema: async (signal) => ctx.schema ?? fetchSchema(connection, signal) };
      const cancel = new AbortController();
      const listener = token.onCancellationRequested(() => cancel.abort());
      try {
        const output = await work(context, options.input, cancel.signal);
        // VS Code hands a tool's thrown message to the model as the failed call's result.
        if (output.isError) throw new Error(output.text);
        return api.textResult(output.text);
      } finally {
        listener.dispose();
      }
    },
    ...(prepare ? { prepareInvocation: prepare } : {}),
  };
}

/** The model's range, else the one the user picked for the editor's queries. */
function runInput(ctx: Ctx, input: RunToolInput): RunInput {
  const given = { apl: String(input.apl ?? ''), maxRows: input.max_rows, format: input.format };
  if (input.since !== undefined || input.start_time !== undefined || input.end_time !== undefined) {
    return { ...given, since: input.since, startTime: input.start_time, endTime: input.end_time };
  }
  const { startTime, endTime } = resolveTimeRange(ctx.timeRange, new Date());
  return { ...given, startTime, endTime };
}

function prepareRun(ctx: Ctx, input: RunToolInput): PreparedToolInvocation {
  const range = input.since ? `the last ${input.since}` : input.start_time ? `${input.start_time} to ${input.end_time}` : describeTimeRange(ctx.timeRange);
  const confirmation = runConfirmation(ctx.active.url, String(input.apl ?? ''), range);
  return {
    invocationMessage: `Running an APL query against ${ctx.active.url}`,
    ...(confirmation ? { confirmationMessages: { title: confirmation.title, message: new vscode.MarkdownString(confirmation.message) } } : {}),
  };
}
