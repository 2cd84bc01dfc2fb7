/** Builds the language server's schema from the service's datasets and fields. */
import type { Schema } from '../language/index.ts';
import type { Connection } from './connection.ts';

export async function fetchSchema(connection: Connection, signal?: AbortSignal): Promise<Schema> {
  const datasets = await connection.listDatasets(signal);
  const withFields = await Promise.all(
    datasets.map(async (dataset) => {
      const fields = await connection.listFields(dataset.name, signal);
      return {
        name: dataset.name,
        fields: fields.map((field) =>
          field.description ? { name: field.name, type: field.type, description: field.description } : { name: field.name, type: field.type },
        ),
      };
    }),
  );
  return { datasets: withFields.sort((a, b) => a.name.localeCompare(b.name)) };
}
