/**
 * The part of VS Code's language-model tool API (stable since VS Code 1.95) the extension uses.
 * The @types/vscode the extension builds against (1.91, its oldest supported VS Code) predates it,
 * so it is declared here and looked up at run time: an older VS Code simply gets no tools.
 */
import * as vscode from 'vscode';

export interface ToolInvocationOptions<T> {
  input: T;
  toolInvocationToken: unknown;
}

export interface PreparedToolInvocation {
  invocationMessage?: string | vscode.MarkdownString;
  confirmationMessages?: { title: string; message: string | vscode.MarkdownString };
}

export interface LanguageModelTool<T> {
  invoke(options: ToolInvocationOptions<T>, token: vscode.CancellationToken): Promise<unknown>;
  prepareInvocation?(options: { input: T }, token: vscode.CancellationToken): PreparedToolInvocation | undefined;
}

export interface LanguageModelToolApi {
  registerTool<T>(name: string, tool: LanguageModelTool<T>): vscode.Disposable;
  /** Builds the result VS Code expects: `new LanguageModelToolResult([new LanguageModelTextPart(text)])`. */
  textResult(text: string): unknown;
}

interface LmRuntime {
  lm?: { registerTool?: LanguageModelToolApi['registerTool'] };
  LanguageModelToolResult?: new (content: unknown[]) => unknown;
  LanguageModelTextPart?: new (value: string) => unknown;
}

/** VS Code's tool API, or undefined in a VS Code without it. */
export function languageModelToolApi(): LanguageModelToolApi | undefined {
  const runtime = vscode as unknown as LmRuntime;
  const registerTool = runtime.lm?.registerTool;
  const Result = runtime.LanguageModelToolResult;
  const TextPart = runtime.LanguageModelTextPart;
  if (!registerTool || !Result || !TextPart) return undefined;
  return {
    registerTool: (name, tool) => registerTool.call(runtime.lm, name, tool),
    textResult: (text) => new Result([new TextPart(text)]),
  };
}
