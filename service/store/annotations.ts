/** Annotations (the `annotations` table): markers on a time or time range of some datasets. */
import { randomBytes } from 'node:crypto';
import type { Database } from './database.ts';
import { formatTimestamp } from '../time.ts';

/** The annotation object, key for key; an unset title, description or url is left out. */
export interface Annotation {
  id: string;
  datasets: string[];
  type: string;
  time: string;
  endTime: string | null;
  title?: string;
  description?: string;
  url?: string;
}

/** An unset title, description or url is stored as `''` (the columns predate leaving them out). */
export interface AnnotationInput {
  datasets: string[];
  type: string;
  time: Date;
  endTime: Date | undefined;
  title: string;
  description: string;
  url: string;
}

export interface AnnotationFilter {
  datasets?: string[];
  start?: Date;
  end?: Date;
}

interface AnnotationRow extends Record<string, unknown> {
  id: string;
  datasets: string;
  type: string;
  time: string;
  end_time: string | null;
  title: string;
  description: string;
  url: string;
}

export class AnnotationRegistry {
  constructor(private readonly database: Database) {}

  async create(input: AnnotationInput): Promise<Annotation> {
    const id = `ann_${randomBytes(12).toString('hex')}`;
    await this.database.run('INSERT INTO annotations VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', toParams(id, input));
    return (await this.get(id))!;
  }

  async get(id: string): Promise<Annotation | undefined> {
    const row = await this.database.one<AnnotationRow>('SELECT * FROM annotations WHERE id = $1', [id]);
    return row && toAnnotation(row);
  }

  /**
   * Annotations sharing a dataset with `datasets` (when given) whose span [time, endTime] meets
   * [start, end], ordered by time.
   */
  async list(filter: AnnotationFilter): Promise<Annotation[]> {
    const rows = await this.database.all<AnnotationRow>('SELECT * FROM annotations');
    const byTime = rows.map(toAnnotation).sort((a, b) => Date.parse(a.time) - Date.parse(b.time) || a.id.localeCompare(b.id));
    return byTime.filter((annotation) => {
      if (filter.datasets && !annotation.datasets.some((name) => filter.datasets!.includes(name))) return false;
      const from = Date.parse(annotation.time);
      const to = annotation.endTime === null ? from : Date.parse(annotation.endTime);
      if (filter.start && to < filter.start.getTime()) return false;
      if (filter.end && from > filter.end.getTime()) return false;
      return true;
    });
  }

  async replace(id: string, input: AnnotationInput): Promise<Annotation | undefined> {
    const rows = await this.database.all(
      `UPDATE annotations SET datasets = $2, type = $3, time = $4, end_time = $5, title = $6, description = $7,
         url = $8 WHERE id = $1 RETURNING id`,
      toParams(id, input),
    );
    return rows.length === 0 ? undefined : this.get(id);
  }

  async delete(id: string): Promise<boolean> {
    return (await this.database.all('DELETE FROM annotations WHERE id = $1 RETURNING id', [id])).length > 0;
  }
}

function toParams(id: string, input: AnnotationInput) {
  return [
    id,
    JSON.stringify(input.datasets),
    input.type,
    formatTimestamp(input.time),
    input.endTime ? formatTimestamp(input.endTime) : null,
    input.title,
    input.description,
    input.url,
  ];
}

function toAnnotation(row: AnnotationRow): Annotation {
  return {
    id: row.id,
    datasets: JSON.parse(row.datasets) as string[],
    type: row.type,
    time: row.time,
    endTime: row.end_time,
    // The public service leaves unset texts out (the official JS client types them optional), never `""`.
    ...(row.title === '' ? {} : { title: row.title }),
    ...(row.description === '' ? {} : { description: row.description }),
    ...(row.url === '' ? {} : { url: row.url }),
  };
}
