/** Dataset metadata (the `datasets` table). A dataset's id is its name. */
import type { Database } from './database.ts';
import { formatTimestamp } from '../time.ts';
import { ReadCache } from './readCache.ts';

export const datasetKinds = ['axiom:events:v1', 'otel:logs:v1', 'otel:traces:v1', 'otel:metrics:v1'] as const;
export type DatasetKind = (typeof datasetKinds)[number];

/** The v2 dataset object, key for key. */
export interface Dataset {
  id: string;
  name: string;
  kind: DatasetKind;
  description: string;
  who: string;
  created: string;
  updatedAt: string;
  canWrite: boolean;
  useRetentionPeriod: boolean;
  retentionDays: number;
  mapFields: string[];
}

export interface DatasetInput {
  name: string;
  kind: DatasetKind;
  description: string;
  who: string;
  useRetentionPeriod: boolean;
  retentionDays: number;
}

export interface DatasetUpdate {
  description?: string;
  useRetentionPeriod?: boolean;
  retentionDays?: number;
  mapFields?: string[];
}

/** What a user may say about a field; its name and type come from the data. */
export interface FieldMetadata {
  description: string;
  unit: string;
  hidden: boolean;
}

export const noFieldMetadata: FieldMetadata = { description: '', unit: '', hidden: false };

interface FieldMetadataRow extends Record<string, unknown> {
  name: string;
  description: string;
  unit: string;
  hidden: boolean;
}

interface DatasetRow extends Record<string, unknown> {
  name: string;
  kind: string;
  description: string;
  who: string;
  created: string;
  updated_at: string;
  use_retention_period: boolean;
  retention_days: number;
  map_fields: string;
}

/**
 * Why a name is not a valid dataset name, or undefined when it is: at most 80 characters of
 * letters, digits, `-`, `_`, `.`, no special character first or last, no `axiom-` prefix.
 */
export function datasetNameProblem(name: string): string | undefined {
  if (name.length === 0 || name.length > 80) return 'a dataset name has 1 to 80 characters';
  if (!/^[A-Za-z0-9._-]+$/.test(name)) return 'a dataset name has only letters, digits, "-", "_" and "."';
  if (/^[._-]|[._-]$/.test(name)) return 'a dataset name does not start or end with "-", "_" or "."';
  if (name.startsWith('axiom-')) return 'a dataset name does not start with "axiom-"';
  return undefined;
}

export class DatasetRegistry {
  /** Each dataset's row as read: every ingest request looks its dataset up. */
  private readonly rows = new ReadCache<Dataset | undefined>();
  /** Each dataset's field metadata as read: every query's answer lists it. */
  private readonly fieldMetadataReads = new ReadCache<ReadonlyMap<string, FieldMetadata>>();

  constructor(private readonly database: Database) {}

  async list(): Promise<Dataset[]> {
    return (await this.database.all<DatasetRow>('SELECT * FROM datasets ORDER BY name')).map(toDataset);
  }

  async get(name: string): Promise<Dataset | undefined> {
    const dataset = await this.rows.get(name, async () => {
      const row = await this.database.one<DatasetRow>('SELECT * FROM datasets WHERE name = $1', [name]);
      return row && toDataset(row);
    });
    // Callers get their own copy of what is kept.
    return dataset && { ...dataset, mapFields: [...dataset.mapFields] };
  }

  /** Undefined when a dataset of that name exists already. */
  async create(input: DatasetInput, now = new Date()): Promise<Dataset | undefined> {
    const stamp = formatTimestamp(now);
    const rows = await this.database.all(
      `INSERT INTO datasets VALUES ($1, $2, $3, $4, $5, $5, $6, $7, '[]') ON CONFLICT DO NOTHING RETURNING name`,
      [input.name, input.kind, input.description, input.who, stamp, input.useRetentionPeriod, input.retentionDays],
    );
    this.rows.drop(input.name);
    return rows.length === 0 ? undefined : this.get(input.name);
  }

  async update(name: string, update: DatasetUpdate, now = new Date()): Promise<Dataset | undefined> {
    const current = await this.get(name);
    if (!current) return undefined;
    await this.database.run(
      `UPDATE datasets SET description = $2, use_retention_period = $3, retention_days = $4, map_fields = $5,
         updated_at = $6 WHERE name = $1`,
      [
        name,
        update.description ?? current.description,
        update.useRetentionPeriod ?? current.useRetentionPeriod,
        update.retentionDays ?? current.retentionDays,
        JSON.stringify(update.mapFields ?? current.mapFields),
        formatTimestamp(now),
      ],
    );
    this.rows.drop(name);
    return this.get(name);
  }

  /** Deletes the dataset's metadata and its fields' metadata, so a dataset re-created later starts bare. */
  async delete(name: string): Promise<boolean> {
    await this.database.run('DELETE FROM field_metadata WHERE dataset = $1', [name]);
    this.fieldMetadataReads.drop(name);
    const deleted = await this.database.all('DELETE FROM datasets WHERE name = $1 RETURNING name', [name]);
    this.rows.drop(name);
    return deleted.length > 0;
  }

  /** The metadata set on the dataset's fields, by field name (fields never described are absent). */
  fieldMetadata(name: string): Promise<ReadonlyMap<string, FieldMetadata>> {
    return this.fieldMetadataReads.get(name, async () => {
      const rows = await this.database.all<FieldMetadataRow>(
        'SELECT name, description, unit, hidden FROM field_metadata WHERE dataset = $1',
        [name],
      );
      return new Map(rows.map((row) => [row.name, { description: row.description, unit: row.unit, hidden: row.hidden }]));
    });
  }

  async setFieldMetadata(name: string, field: string, metadata: FieldMetadata): Promise<void> {
    await this.database.run(
      `INSERT INTO field_metadata VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (dataset, name) DO UPDATE SET description = excluded.description, unit = excluded.unit,
           hidden = excluded.hidden`,
      [name, field, metadata.description, metadata.unit, metadata.hidden],
    );
    this.fieldMetadataReads.drop(name);
  }
}

function toDataset(row: DatasetRow): Dataset {
  return {
    id: row.name,
    name: row.name,
    kind: row.kind as DatasetKind,
    description: row.description,
    who: row.who,
    created: row.created,
    updatedAt: row.updated_at,
    canWrite: true,
    useRetentionPeriod: row.use_retention_period,
    retentionDays: Number(row.retention_days),
    mapFields: JSON.parse(row.map_fields) as string[],
  };
}
