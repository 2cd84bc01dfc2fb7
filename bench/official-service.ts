/**
 * Adapter for the official APL language service (`@axiomhq/language-service-next`), a Bridge.NET
 * build of Kusto.Language. Its two scripts install the globals `Bridge`, `System` and `Kusto`
 * when evaluated in order; the typings below cover only what the benchmark calls (the package's
 * own .d.ts declares global namespaces that would leak into the whole project's type-check).
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Schema } from '../language/index.ts';
import { repoRoot } from './lib/paths.ts';
import type { ServiceUnderTest } from './lib/serviceUnderTest.ts';

interface ReadOnlyList<T> {
  Count: number;
  getItem(index: number): T;
}

interface KustoDiagnostic {
  Severity: string;
  Message: string;
  Start: number;
  Length: number;
}

interface KustoCode {
  GetDiagnostics(): ReadOnlyList<KustoDiagnostic>;
}

interface KustoCodeService {
  GetCompletionItems(position: number): { Items: ReadOnlyList<{ DisplayText: string }> };
}

type Opaque = { readonly __opaque: unique symbol };
type GlobalState = Opaque & { WithDatabase(database: Opaque): GlobalState };

interface KustoGlobals {
  Language: {
    GlobalState: { Default: GlobalState };
    KustoCode: { ParseAndAnalyze(text: string, globals: GlobalState): KustoCode };
    Editor: { KustoCodeService: { $ctor1: new (text: string, globals: GlobalState) => KustoCodeService } };
    Symbols: {
      ScalarTypes: Record<'Bool' | 'Long' | 'Real' | 'String' | 'DateTime' | 'TimeSpan' | 'Dynamic', Opaque>;
      ColumnSymbol: new (name: string, type: Opaque, description: string | null) => Opaque;
      TableSymbol: { $ctor3: new (name: string, columns: Opaque[]) => Opaque };
      DatabaseSymbol: { ctor: new (name: string, members: Opaque[]) => Opaque };
    };
  };
}

export interface OfficialService extends ServiceUnderTest {
  /** Diagnostics of one query as messages with the text they cover (to vet the workload). */
  describeDiagnostics(query: string): string[];
}

let loaded: KustoGlobals | undefined;

function loadKusto(): KustoGlobals {
  if (!loaded) {
    const requireFromRoot = createRequire(join(repoRoot, 'package.json'));
    requireFromRoot('@axiomhq/language-service-next/bridge.js');
    requireFromRoot('@axiomhq/language-service-next/Kusto.Language.Bridge.js');
    loaded = (globalThis as unknown as { Kusto: KustoGlobals }).Kusto;
  }
  return loaded;
}

function scalarTypeOf(kusto: KustoGlobals, typeName: string): Opaque {
  const types = kusto.Language.Symbols.ScalarTypes;
  switch (typeName) {
    case 'string':
      return types.String;
    case 'integer':
      return types.Long;
    case 'float':
      return types.Real;
    case 'boolean':
      return types.Bool;
    case 'datetime':
      return types.DateTime;
    case 'timespan':
      return types.TimeSpan;
    default:
      return types.Dynamic;
  }
}

function globalsFor(kusto: KustoGlobals, schema: Schema): GlobalState {
  const { ColumnSymbol, TableSymbol, DatabaseSymbol } = kusto.Language.Symbols;
  const tables = schema.datasets.map(
    (dataset) => new TableSymbol.$ctor3(dataset.name, dataset.fields.map((field) => new ColumnSymbol(field.name, scalarTypeOf(kusto, field.type), null))),
  );
  return kusto.Language.GlobalState.Default.WithDatabase(new DatabaseSymbol.ctor('playground', tables));
}

export function createOfficialService(schema: Schema): OfficialService {
  const kusto = loadKusto();
  const globals = globalsFor(kusto, schema);
  const { KustoCode, Editor } = kusto.Language;
  return {
    name: 'official',
    diagnose(query) {
      return KustoCode.ParseAndAnalyze(query, globals).GetDiagnostics().Count;
    },
    complete(query, offset) {
      return new Editor.KustoCodeService.$ctor1(query, globals).GetCompletionItems(offset).Items.Count;
    },
    describeDiagnostics(query) {
      const diagnostics = KustoCode.ParseAndAnalyze(query, globals).GetDiagnostics();
      const descriptions: string[] = [];
      for (let index = 0; index < diagnostics.Count; index++) {
        const { Severity, Message, Start, Length } = diagnostics.getItem(index);
        descriptions.push(`${Severity}: ${Message} (${JSON.stringify(query.slice(Start, Start + Length))})`);
      }
      return descriptions;
    },
  };
}
