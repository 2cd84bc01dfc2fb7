import * as vscode from 'vscode';
import type { Schema } from '../language/index.ts';
import { RunQueryCodeLensProvider } from './codeLens.ts';
import { registerAnnotationCommands } from './commands/annotations.ts';
import { registerApiTokenCommands } from './commands/apiTokens.ts';
import { registerConnectionCommands } from './commands/connection.ts';
import { registerConnectionListCommands } from './commands/connections.ts';
import { registerExportCommand } from './commands/exportResults.ts';
import { registerLocalServiceCommand } from './commands/localService.ts';
import { registerRunQueryCommand } from './commands/runQuery.ts';
import { registerTimeRangeCommand } from './commands/timeRange.ts';
import { Ctx } from './context.ts';
import { registerAnnotationsView, type AnnotationNode } from './explorer/annotationsView.ts';
import { registerApiTokensView } from './explorer/apiTokensView.ts';
import { registerDatasetsView, type DatasetNode } from './explorer/datasetsView.ts';
import { registerNotebooks } from './notebook/index.ts';
import type { ApiToken } from './serviceTypes.ts';
import { registerLanguageModelTools } from './languageModelTools/index.ts';
import { sendSchema } from './languageClient.ts';
import { usePrompts, type Prompts } from './prompts.ts';
import { ResultsPanel } from './resultsPanel.ts';
import type { ResultsModel } from './resultsModel.ts';

/** What `activate` returns: other extensions and tests reach the server through this. */
export interface AplExtensionApi {
  setSchema(schema: Schema): Promise<void>;
  /** Fetches the schema from the service now and sends it to the server. */
  refreshSchema(): Promise<Schema | undefined>;
  /** Only when the extension runs under a test runner (`ExtensionMode.Test`). */
  testing?: AplTestingApi;
}

/** Hooks for the end-to-end tests: never offered to other extensions in normal use. */
export interface AplTestingApi {
  /** Answers the service commands' quick picks and input boxes; undefined restores VS Code's. */
  usePrompts(prompts: Prompts | undefined): void;
  /** What the results panel holds now. */
  results(): { open: boolean; model: ResultsModel | undefined };
  /** The Datasets view's tree as it would be drawn now: datasets with their fields. */
  datasetsTree(): { dataset: DatasetNode; fields: DatasetNode[] }[];
  /** The Annotations view: a dataset's annotation nodes as drawn now. */
  annotationsOf(dataset: string): Promise<AnnotationNode[]>;
  /** The API Tokens view's items as drawn now. */
  apiTokens(): Promise<ApiToken[]>;
  /** The name of the workspace's active connection. */
  activeConnection(): string;
}

let ctx: Ctx | undefined;

export function activate(context: vscode.ExtensionContext): AplExtensionApi {
  const current = new Ctx(context);
  ctx = current;
  registerConnectionCommands(current);
  registerConnectionListCommands(current);
  registerTimeRangeCommand(current);
  registerRunQueryCommand(current);
  registerExportCommand(current);
  registerLocalServiceCommand(current);
  registerAnnotationCommands(current);
  registerApiTokenCommands(current);
  registerLanguageModelTools(current);
  registerNotebooks(current);
  const datasets = registerDatasetsView(current);
  const annotations = registerAnnotationsView(current);
  const apiTokens = registerApiTokensView(current);
  current.push(
    vscode.languages.registerCodeLensProvider({ language: 'axiom-apl' }, new RunQueryCodeLensProvider()),
    vscode.window.registerWebviewPanelSerializer(ResultsPanel.viewType, current.results.serializer()),
  );
  // Not awaited: activation stays fast; the status bar tells how the connection went.
  void current.refreshSchema();
  const api: AplExtensionApi = {
    setSchema: async (schema) => {
      await sendSchema(await current.client, schema);
    },
    refreshSchema: () => current.refreshSchema(),
  };
  if (context.extensionMode === vscode.ExtensionMode.Test) {
    api.testing = {
      usePrompts,
      results: () => ({ open: current.results.visible, model: current.results.model }),
      datasetsTree: () => datasets.getChildren().map((dataset) => ({ dataset, fields: datasets.getChildren(dataset) })),
      annotationsOf: (dataset) => annotations.getChildren({ kind: 'dataset', name: dataset }),
      apiTokens: () => apiTokens.getChildren(),
      activeConnection: () => current.active.name,
    };
  }
  return api;
}

export async function deactivate(): Promise<void> {
  usePrompts(undefined);
  await ctx?.dispose();
  ctx = undefined;
}
