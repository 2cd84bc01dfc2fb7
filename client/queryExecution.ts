/**
 * One run of an APL query: the service's answer, with the annotations of its datasets when the
 * answer has a time axis, as the results model the panel and the notebook outputs show.
 * No `vscode` import: Run Query and the notebook controller share it.
 */
import { hasTimeAxis } from './chartModel.ts';
import type { Connection, QueryRange } from './connection.ts';
import { toResultsModel, type ResultsModel } from './resultsModel.ts';

export async function executeQuery(connection: Connection, query: string, range: QueryRange, signal?: AbortSignal): Promise<ResultsModel> {
  const result = await connection.queryApl(query, range, signal);
  const annotations =
    result.datasetNames && result.datasetNames.length > 0 && result.tables.some(hasTimeAxis)
      ? await connection.listAnnotations(result.datasetNames, signal).catch(() => [])
      : [];
  return toResultsModel(result, { query, startTime: range.startTime, endTime: range.endTime, annotations });
}
