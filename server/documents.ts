import type { TextDocuments } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { AnalyzedDocument, ParsedDocument, Schema } from '../language/index.ts';
import type { LanguageCore } from './languageCore.ts';

interface CachedParse {
  version: number;
  parsed: ParsedDocument;
}

interface CachedAnalysis {
  version: number;
  schemaGeneration: number;
  analyzed: AnalyzedDocument;
}

/**
 * The open documents and what the language core made of them. A document is parsed once per
 * version and analysed once per version and schema; every feature reads from here.
 */
export class DocumentStore {
  private schema: Schema | undefined;
  private schemaGeneration = 0;
  private readonly parses = new Map<string, CachedParse>();
  private readonly analyses = new Map<string, CachedAnalysis>();

  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly language: LanguageCore,
  ) {
    this.documents.onDidClose(({ document }) => this.forget(document.uri));
  }

  get(uri: string): TextDocument | undefined {
    return this.documents.get(uri);
  }

  all(): TextDocument[] {
    return this.documents.all();
  }

  setSchema(schema: Schema | undefined): void {
    this.schema = schema;
    this.schemaGeneration++;
    this.analyses.clear();
  }

  parsed(uri: string): ParsedDocument | undefined {
    const document = this.documents.get(uri);
    if (!document) return undefined;
    const cached = this.parses.get(uri);
    if (cached?.version === document.version) return cached.parsed;
    const parsed = this.language.parseDocument(document.getText());
    this.parses.set(uri, { version: document.version, parsed });
    return parsed;
  }

  analyzed(uri: string): AnalyzedDocument | undefined {
    const parsed = this.parsed(uri);
    if (!parsed) return undefined;
    const version = this.documents.get(uri)!.version;
    const cached = this.analyses.get(uri);
    if (cached?.version === version && cached.schemaGeneration === this.schemaGeneration) return cached.analyzed;
    const analyzed = this.language.analyzeDocument(parsed, this.schema);
    this.analyses.set(uri, { version, schemaGeneration: this.schemaGeneration, analyzed });
    return analyzed;
  }

  private forget(uri: string): void {
    this.parses.delete(uri);
    this.analyses.delete(uri);
  }
}
