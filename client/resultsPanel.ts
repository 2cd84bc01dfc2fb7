/**
 * The one results panel: created on the first run, updated by later runs, restored after a
 * reload by a serializer. Messages from the webview are validated before anything acts on them.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { ExportFormat } from './exportResults.ts';
import { isResultsModel, parseWebviewMessage, savedModel, type HostMessage, type PostedMessage, type WebviewState } from './resultsProtocol.ts';
import type { ResultsModel } from './resultsModel.ts';
import { encodeModel } from './resultsWire.ts';

export class ResultsPanel implements vscode.Disposable {
  static readonly viewType = 'apl.results';
  private panel: vscode.WebviewPanel | undefined;
  private panelDisposables: vscode.Disposable[] = [];
  /** The last message as posted (results encoded once, resultsWire.ts), sent again when the view reloads. */
  private lastMessage: PostedMessage | undefined;
  /** The results shown now, for export. */
  model: ResultsModel | undefined;
  /** Set by the export command: the webview's Export buttons call it. */
  onExport: ((format: ExportFormat) => void) | undefined;
  /** Set by Run Query: the webview's default-limit notice asks for the same query with a larger limit. */
  onRerun: ((limit: number, model: ResultsModel) => void) | undefined;

  constructor(private readonly extensionUri: vscode.Uri) {}

  get webviewRoot(): vscode.Uri {
    return vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
  }

  get visible(): boolean {
    return this.panel !== undefined;
  }

  show(message: HostMessage): void {
    if (message.type === 'results') this.model = message.model;
    const posted: PostedMessage = message.type === 'results' ? { type: 'results', model: encodeModel(message.model) } : message;
    this.lastMessage = posted;
    if (!this.panel) {
      const panel = vscode.window.createWebviewPanel(ResultsPanel.viewType, 'APL Results', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {});
      this.adopt(panel);
    } else if (!this.panel.visible) {
      this.panel.reveal(undefined, true);
    }
    void this.panel!.webview.postMessage(posted);
  }

  serializer(): vscode.WebviewPanelSerializer {
    return {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        const model = savedModel(state as WebviewState | undefined);
        if (isResultsModel(model)) this.model = model;
        this.adopt(panel);
      },
    };
  }

  private adopt(panel: vscode.WebviewPanel): void {
    this.disposePanel();
    this.panel = panel;
    panel.webview.options = { enableScripts: true, localResourceRoots: [this.webviewRoot] };
    panel.webview.html = this.html(panel.webview);
    this.panelDisposables.push(
      panel.onDidDispose(() => {
        this.panel = undefined;
        this.disposePanel();
      }),
      panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)),
    );
  }

  private receive(raw: unknown): void {
    const message = parseWebviewMessage(raw);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        if (this.lastMessage) void this.panel?.webview.postMessage(this.lastMessage);
        break;
      case 'copy':
        void vscode.env.clipboard.writeText(message.text);
        break;
      case 'export':
        this.onExport?.(message.format);
        break;
      case 'openJson':
        void openJson(message.json);
        break;
      case 'rerun':
        if (this.model) this.onRerun?.(message.limit, this.model);
        break;
    }
  }

  private html(webview: vscode.Webview): string {
    const nonce = randomBytes(18).toString('base64');
    const script = webview.asWebviewUri(vscode.Uri.joinPath(this.webviewRoot, 'main.js'));
    const style = webview.asWebviewUri(vscode.Uri.joinPath(this.webviewRoot, 'main.css'));
    const csp = [
      "default-src 'none'",
      `style-src ${webview.cspSource}`,
      `font-src ${webview.cspSource}`,
      `img-src ${webview.cspSource} data:`,
      `script-src 'nonce-${nonce}'`,
    ].join('; ');
    return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${style}">
<title>APL Results</title>
</head>
<body>
<div id="app"></div>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
  }

  private disposePanel(): void {
    for (const disposable of this.panelDisposables.splice(0)) disposable.dispose();
  }

  dispose(): void {
    const panel = this.panel;
    this.panel = undefined;
    this.disposePanel();
    panel?.dispose();
  }
}

/** A value from the results as JSON in an untitled editor tab beside the results. */
async function openJson(json: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument({ language: 'json', content: json });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
}
