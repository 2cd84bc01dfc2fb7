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
  private readonly publishedVersions = new Map<string, number>();

  private readonly compute: (uri: string) => Diagnostic[];

  constructor(
    private readonly connection: Connection,
    private readonly store: DocumentStore,
    language: LanguageCore,
  ) {
    this.compute = guarded(connection, 'diagnostics', [], (uri: string) => {
      const analyzed = store.analyzed(uri);
      return analyzed ? language.getDiagnostics(analyzed).map(toLspDiagnostic) : [];
    });
  }

  /** Publishes unless this version's diagnostics are already out (TextDocuments reports an open as a change too). */
  schedule(uri: string): void {
    if (this.publishedVersions.get(uri) === this.store.get(uri)?.version) return;
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
    if (!document) return;
    this.publishedVersions.set(uri, document.version);
    void this.connection.sendDiagnostics({ uri, version: document.version, diagnostics: this.compute(uri) });
  }

  publishAll(): void {
    for (const document of this.store.all()) this.publishNow(document.uri);
  }

  /** Removes a closed document's diagnostics from the client. */
  clear(uri: string): void {
    this.cancel(uri);
    this.publishedVersions.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  private cancel(uri: string): void {
    const timer = this.timers.get(uri);
    if (timer) clearTimeout(timer);
    this.timers.delete(uri);
  }
}
