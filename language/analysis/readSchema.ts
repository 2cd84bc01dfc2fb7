import type { DatasetSchema, FieldSchema, Schema } from './schema.ts';

/**
 * Checks a schema that arrived as JSON (a file, an LSP message) and returns it in the
 * `Schema` shape. Extra properties are ignored, so richer files such as annotated sample
 * dataset descriptions are accepted. Throws an Error naming the first offending path.
 */
export function readSchema(value: unknown): Schema {
  const root = expectObject(value, 'schema');
  const datasets = expectArray(root.datasets, 'schema.datasets');
  return { datasets: datasets.map((dataset, i) => readDataset(dataset, `schema.datasets[${i}]`)) };
}

function readDataset(value: unknown, path: string): DatasetSchema {
  const dataset = expectObject(value, path);
  const fields = expectArray(dataset.fields, `${path}.fields`);
  return {
    name: expectString(dataset.name, `${path}.name`),
    fields: fields.map((field, i) => readField(field, `${path}.fields[${i}]`)),
  };
}

function readField(value: unknown, path: string): FieldSchema {
  const field = expectObject(value, path);
  const result: FieldSchema = {
    name: expectString(field.name, `${path}.name`),
    type: expectString(field.type, `${path}.type`),
  };
  if (typeof field.description === 'string') result.description = field.description;
  return result;
}

function expectObject(value: unknown, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${path} must be an object`);
  }
  return value as Record<string, unknown>;
}

function expectArray(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${path} must be an array`);
  return value;
}

function expectString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new Error(`${path} must be a string`);
  return value;
}
