/**
 * The results panels. A run shows in the current panel: created on the first run, reused by later
 * ones. Pinning a panel keeps its results: the next run opens a new current panel. Panels are
 * restored after a reload by a serializer. Messages from the webview are validated before anything
 * acts on them.
 */
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { ExportFormat } from './exportResults.ts';
import { isResultsModel, parseWebviewMessage, savedModel, type HostMessage, type PostedMessage, type WebviewState } from './resultsProtocol.ts';
import type { ResultsModel } from './resultsModel.ts';
import { encodeModel } from './resultsWire.ts';

const title = 'APL Results';
const pinnedTitle = 'APL Results (pinned)';

/** Where in the editor a failed run's error is: the banner's "Go to" shows it. */
export interface ErrorLocation {
  uri: vscode.Uri;
  position: vscode.Position;
}

/** One webview panel and what it shows. */
class ResultsView {
  pinned = false;
  /** The last message as posted (results encoded once, resultsWire.ts), sent again when the view reloads. */
  lastMessage: PostedMessage | undefined;
  model: ResultsModel | undefined;
  errorAt: ErrorLocation | undefined;
  refreshTimer: ReturnType<typeof setTimeout> | undefined;
  refreshMs = 0;
  readonly disposables: vscode.Disposable[] = [];

  constructor(readonly panel: vscode.WebviewPanel) {}

  post(message: HostMessage, errorAt?: ErrorLocation): void {
    if (message.type === 'results') this.model = message.model;
    if (message.type === 'error') this.errorAt = errorAt;
    const posted: PostedMessage = message.type === 'results' ? { type: 'results', model: encodeModel(message.model) } : message;
    if (message.type !== 'pinned' && message.type !== 'autoRefresh') this.lastMessage = posted;
    void this.panel.webview.postMessage(posted);
  }

  setPinned(pinned: boolean): void {
    this.pinned = pinned;
    this.panel.title = pinned ? pinnedTitle : title;
    if (pinned && this.refreshTimer) {
      this.stopRefresh();
      this.post({ type: 'autoRefresh', everyMs: 0 });
    }
    this.post({ type: 'pinned', pinned });
  }

  startRefresh(ms: number, refresh: () => void): void {
    this.stopRefresh();
    this.refreshMs = ms;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = undefined;
      refresh();
    }, ms);
    this.post({ type: 'autoRefresh', everyMs: ms });
  }

  stopRefresh(): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = undefined;
  }
}

export class ResultsPanel implements vscode.Disposable {
  static readonly viewType = 'apl.results';
  private readonly views = new Set<ResultsView>();
  /** Where the next run shows: the one panel not pinned. */
  private current: ResultsView | undefined;
  /** The panel last focused: export and `model` read it. */
  private active: ResultsView | undefined;
  /** Set by the export command: the webview's Export buttons call it. */
  onExport: ((format: ExportFormat) => void) | undefined;
  /** Set by Run Query: the webview's default-limit notice asks for the same query with a larger limit. */
  onRerun: ((limit: number, model: ResultsModel) => void) | undefined;

  constructor(private readonly extensionUri: vscode.Uri) {}

  get webviewRoot(): vscode.Uri {
    return vscode.Uri.joinPath(this.extensionUri, 'dist', 'webview');
  }

  get visible(): boolean {
    return this.views.size > 0;
  }

  /** The results of the panel last focused (else of the current one), for export. */
  get model(): ResultsModel | undefined {
    return (this.active && this.views.has(this.active) ? this.active : this.current)?.model;
  }

  /** The results the next run would replace, if any: what a changed time range offers to refresh. */
  get currentModel(): ResultsModel | undefined {
    return this.current?.model;
  }

  show(message: HostMessage, errorAt?: ErrorLocation): void {
    let view = this.current;
    if (!view) {
      const panel = vscode.window.createWebviewPanel(ResultsPanel.viewType, title, { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, {});
      view = this.adopt(panel, false);
    } else if (!view.panel.visible) {
      view.panel.reveal(undefined, true);
    }
    // A new run (or error) replaces whatever refresh was planned for the old one.
    view.stopRefresh();
    view.post(message, errorAt);
  }

  /** Pins the current panel (the next run opens a new one); false when there is none. */
  pinCurrent(): boolean {
    if (!this.current) return false;
    this.setPinned(this.current, true);
    return true;
  }

  /** Runs `refresh` after `ms` unless the current panel closes, is pinned or shows another run first. */
  scheduleRefresh(ms: number, refresh: () => void): void {
    const view = this.current;
    view?.startRefresh(ms, () => {
      if (this.current === view) refresh();
    });
  }

  /** Stops every planned auto-refresh (the setting changed): their banners stop saying they refresh. */
  cancelRefresh(): void {
    for (const view of this.views) {
      if (!view.refreshTimer) continue;
      view.stopRefresh();
      view.post({ type: 'autoRefresh', everyMs: 0 });
    }
  }

  /** Takes a "token rejected" error off the banners once a new token is set. */
  clearTokenErrors(): void {
    for (const view of this.views) {
      const last = view.lastMessage;
      if (last?.type !== 'error' || last.action !== 'setToken') continue;
      view.post({ type: 'clearError' });
      view.lastMessage = view.model ? { type: 'results', model: encodeModel(view.model) } : undefined;
    }
  }

  serializer(): vscode.WebviewPanelSerializer {
    return {
      deserializeWebviewPanel: async (panel, state: unknown) => {
        const saved = state as WebviewState | undefined;
        const view = this.adopt(panel, saved?.pinned === true);
        const model = savedModel(saved);
        if (isResultsModel(model)) view.model = model;
      },
    };
  }

  private adopt(panel: vscode.WebviewPanel, pinned: boolean): ResultsView {
    const view = new ResultsView(panel);
    this.views.add(view);
    panel.webview.options = { enableScripts: true, localResourceRoots: [this.webviewRoot] };
    panel.webview.html = this.html(panel.webview);
    view.disposables.push(
      panel.onDidDispose(() => this.forget(view)),
      panel.onDidChangeViewState(({ webviewPanel }) => {
        if (webviewPanel.active) this.active = view;
      }),
      panel.webview.onDidReceiveMessage((raw: unknown) => this.receive(view, raw)),
    );
    this.setPinned(view, pinned);
    this.active = view;
    return view;
  }

  /** Only one panel is not pinned: unpinning one pins the panel that was current until then. */
  private setPinned(view: ResultsView, pinned: boolean): void {
    if (pinned) {
      if (this.current === view) this.current = undefined;
    } else {
      if (this.current && this.current !== view) this.current.setPinned(true);
      this.current = view;
    }
    view.setPinned(pinned);
  }

  private forget(view: ResultsView): void {
    view.stopRefresh();
    this.views.delete(view);
    if (this.current === view) this.current = undefined;
    if (this.active === view) this.active = undefined;
    for (const disposable of view.disposables.splice(0)) disposable.dispose();
  }

  private receive(view: ResultsView, raw: unknown): void {
    const message = parseWebviewMessage(raw);
    if (!message) return;
    switch (message.type) {
      case 'ready':
        if (view.lastMessage) void view.panel.webview.postMessage(view.lastMessage);
        void view.panel.webview.postMessage({ type: 'pinned', pinned: view.pinned } satisfies HostMessage);
        if (view.refreshTimer) void view.panel.webview.postMessage({ type: 'autoRefresh', everyMs: view.refreshMs } satisfies HostMessage);
        break;
      case 'copy':
        void vscode.env.clipboard.writeText(message.text);
        break;
      case 'export':
        this.active = view;
        this.onExport?.(message.format);
        break;
      case 'openLink':
        // parseWebviewMessage let through http(s) links only.
        void vscode.env.openExternal(vscode.Uri.parse(message.url, true));
        break;
      case 'pin':
        this.setPinned(view, message.pinned);
        break;
      case 'setToken': {
        const last = view.lastMessage;
        void vscode.commands.executeCommand('apl.setToken', undefined, last?.type === 'error' ? last.connection : undefined);
        break;
      }
      case 'revealError':
        if (view.errorAt) void revealInEditor(view.errorAt);
        break;
      case 'openJson':
        void openJson(message.json);
        break;
      case 'rerun':
        if (view.model) this.onRerun?.(message.limit, view.model);
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

  dispose(): void {
    for (const view of [...this.views]) {
      this.forget(view);
      view.panel.dispose();
    }
  }
}

/** Opens the document at the error, in the editor column that shows it already if one does. */
async function revealInEditor({ uri, position }: ErrorLocation): Promise<void> {
  const shown = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === uri.toString());
  const editor = await vscode.window.showTextDocument(uri, { viewColumn: shown?.viewColumn, selection: new vscode.Range(position, position) });
  editor.revealRange(new vscode.Range(position, position), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

/** A value from the results as JSON in an untitled editor tab beside the results. */
async function openJson(json: string): Promise<void> {
  const document = await vscode.workspace.openTextDocument({ language: 'json', content: json });
  await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: true });
}
