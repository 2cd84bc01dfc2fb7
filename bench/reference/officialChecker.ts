/**
 * The official APL language service (`@axiomhq/language-service-next`, a Bridge.NET build of
 * Kusto.Language) as a second opinion on the same examples. Its scripts install globals when
 * evaluated in order; the typings cover only the calls made here.
 */
import { createRequire } from 'node:module';
import type { Schema } from '../../language/index.ts';
import type { Checker, Finding } from './checker.ts';

interface KustoDiagnostic {
  Severity: string;
  Message: string;
  Start: number;
}

interface DiagnosticList {
  Count: number;
  getItem(index: number): KustoDiagnostic;
}

type Opaque = { readonly __opaque: unique symbol };
type Globals = Opaque & { WithDatabase(database: Opaque): Globals };

interface KustoLanguage {
  GlobalState: { Default: Globals };
  KustoCode: {
    Parse(text: string, globals: Globals): { GetDiagnostics(): DiagnosticList };
    ParseAndAnalyze(text: string, globals: Globals): { GetDiagnostics(): DiagnosticList };
  };
  Symbols: {
    ScalarTypes: Record<'Bool' | 'Long' | 'Real' | 'String' | 'DateTime' | 'TimeSpan' | 'Dynamic', Opaque>;
    ColumnSymbol: new (name: string, type: Opaque, description: string | null) => Opaque;
    TableSymbol: { $ctor3: new (name: string, columns: Opaque[]) => Opaque };
    DatabaseSymbol: { ctor: new (name: string, members: Opaque[]) => Opaque };
  };
}

export function createOfficialChecker(schema: Schema): Checker {
  const requireHere = createRequire(import.meta.url);
  requireHere('@axiomhq/language-service-next/bridge.js');
  requireHere('@axiomhq/language-service-next/Kusto.Language.Bridge.js');
  const kusto = (globalThis as unknown as { Kusto: { Language: KustoLanguage } }).Kusto.Language;
  const globals = globalsFor(kusto, schema);
  const errorsOf = (list: DiagnosticList) => {
    const findings: Finding[] = [];
    for (let index = 0; index < list.Count; index++) {
      const diagnostic = list.getItem(index);
      if (diagnostic.Severity === 'Error') findings.push({ message: diagnostic.Message, start: diagnostic.Start });
    }
    return findings;
  };
  return {
    syntaxErrors: (query) => errorsOf(kusto.KustoCode.Parse(query, globals).GetDiagnostics()),
    analysisErrors: (query) => errorsOf(kusto.KustoCode.ParseAndAnalyze(query, globals).GetDiagnostics()),
  };
}

function globalsFor(kusto: KustoLanguage, schema: Schema): Globals {
  const { ColumnSymbol, TableSymbol, DatabaseSymbol, ScalarTypes } = kusto.Symbols;
  const typeOf: Record<string, Opaque> = {
    string: ScalarTypes.String,
    integer: ScalarTypes.Long,
    float: ScalarTypes.Real,
    boolean: ScalarTypes.Bool,
    datetime: ScalarTypes.DateTime,
    timespan: ScalarTypes.TimeSpan,
  };
  const tables = schema.datasets.map(
    (dataset) =>
      new TableSymbol.$ctor3(
        dataset.name,
        dataset.fields.map((field) => new ColumnSymbol(field.name, typeOf[field.type] ?? ScalarTypes.Dynamic, null)),
      ),
  );
  return kusto.GlobalState.Default.WithDatabase(new DatabaseSymbol.ctor('playground', tables));
}
