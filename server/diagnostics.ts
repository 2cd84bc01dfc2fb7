import type { Connection, Diagnostic } from 'vscode-languageserver';
import { toLspDiagnostic } from './convert.ts';
import type { DocumentStore } from './documents.ts';
import { guarded } from './guard.ts';
import type { LanguageCore } from './languageCore.ts';

/** Quiet time after the last edit before a document is diagnosed again. */
export const diagnosticsDelayMs = 150;

/** Pushes diagnostics: at once on open or schema change, debounced while the user types. */
export class DiagnosticsPublisher {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly publishedRevisions = new Map<string, string>();

  private readonly compute: (uri: string) => Diagnostic[];

  constructor(
    private readonly connection: Connection,
    private readonly store: DocumentStore,
    language: LanguageCore,
  ) {
    this.compute = guarded(connection, 'diagnostics', [], (uri: string) => {
      const view = store.analyzed(uri);
      // A cell's diagnostics in its prelude belong to the cells above, which report them themselves.
      return view ? view.listFromAnalyzed(language.getDiagnostics(view.analyzed)).map(toLspDiagnostic) : [];
    });
  }

  /**
   * Publishes unless this revision's diagnostics are already out (TextDocuments reports an open as a
   * change too; an edit in a notebook cell leaves the cells below it alone unless their prelude changed).
   */
  schedule(uri: string): void {
    if (this.publishedRevisions.get(uri) === this.store.revision(uri)) return;
    this.cancel(uri);
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        this.publishNow(uri);
      }, diagnosticsDelayMs),
    );
  }

  publishNow(uri: string): void {
    this.cancel(uri);
    const document = this.store.get(uri);
    const revision = this.store.revision(uri);
    if (!document || revision === undefined) return;
    this.publishedRevisions.set(uri, revision);
    void this.connection.sendDiagnostics({ uri, version: document.version, diagnostics: this.compute(uri) });
  }

  publishAll(): void {
    for (const document of this.store.all()) this.publishNow(document.uri);
  }

  /** Removes a closed document's diagnostics from the client. */
  clear(uri: string): void {
    this.cancel(uri);
    this.publishedRevisions.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  private cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }
}
