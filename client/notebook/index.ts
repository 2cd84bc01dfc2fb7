/** APL notebooks (`*.apl-notebook`): the serializer, the controller that runs cells, and the commands. */
import * as vscode from 'vscode';
import type { Ctx } from '../context.ts';
import { registerNotebookCommands } from './commands.ts';
import { AplNotebookController } from './controller.ts';
import { AplNotebookSerializer, notebookType } from './serializer.ts';

export function registerNotebooks(ctx: Ctx): void {
  // Outputs are part of the file (unless apl.notebook.saveOutputs is false): a new output makes the notebook dirty.
  ctx.push(vscode.workspace.registerNotebookSerializer(notebookType, new AplNotebookSerializer(), { transientOutputs: false }), new AplNotebookController(ctx));
  registerNotebookCommands(ctx);
}
