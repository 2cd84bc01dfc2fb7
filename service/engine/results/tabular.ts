import type { AplResult, AplTable, ResultColumn } from '../index.ts';

/** `format=tabular` (axiom-api.md §7.2): column-major tables, `_totals` for time-binned summaries. */
export function toTabular(result: AplResult): Record<string, unknown> {
  const sources = result.datasetNames.map((name) => ({ name }));
  const table: Record<string, unknown> = {
    name: '0',
    sources,
    fields: result.columns.map(field),
    order: result.order,
    groups: result.groups.map((name) => ({ name })),
    range: result.range,
    columns: columnMajor(result),
  };
  const tables = [table];
  if (result.timeBin) {
    table.buckets = { field: result.timeBin.field, size: result.timeBin.size };
    const aggregate = result.columns.find((column) => column.agg);
    table.order = [{ field: result.timeBin.field, desc: false }, ...(aggregate ? [{ field: aggregate.name, desc: true }] : [])];
    if (result.totals) {
      tables.push({
        name: '_totals',
        sources,
        fields: result.totals.columns.map(field),
        order: aggregate ? [{ field: aggregate.name, desc: true }] : [],
        groups: result.groups.filter((name) => name !== result.timeBin!.field).map((name) => ({ name })),
        range: result.range,
        columns: columnMajor(result.totals),
      });
    }
  }
  return {
    format: 'tabular',
    status: status(result),
    tables,
    datasetNames: result.datasetNames,
    fieldsMetaMap: Object.fromEntries(result.datasetNames.map((name) => [name, []])),
  };
}

export function status(result: AplResult): Record<string, unknown> {
  return {
    elapsedTime: result.status.elapsedTime,
    minCursor: '',
    maxCursor: '',
    blocksExamined: result.datasetNames.length,
    blocksCached: 0,
    blocksMatched: result.datasetNames.length,
    rowsExamined: result.status.rowsExamined,
    rowsMatched: result.status.rowsMatched,
    numGroups: result.status.numGroups,
    isPartial: false,
    isEstimate: false,
    cacheStatus: 1,
    minBlockTime: result.status.minBlockTime,
    maxBlockTime: result.status.maxBlockTime,
    messages: result.status.messages,
  };
}

function field(column: ResultColumn): Record<string, unknown> {
  return column.agg ? { name: column.name, type: column.type, agg: column.agg } : { name: column.name, type: column.type };
}

function columnMajor(table: AplTable): unknown[][] {
  return table.columns.map((_, i) => table.rows.map((row) => row[i] ?? null));
}
