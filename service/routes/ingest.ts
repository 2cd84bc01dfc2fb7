/** `POST /v1/datasets/{id}/ingest` and its edge twin `POST /v1/ingest/{id}`. */
import { datasetCapability } from '../auth/capabilities.ts';
import { HttpError, notFound, type Handler, type Route } from '../http/types.ts';
import { formatOfContentType } from '../ingest/formats.ts';
import { ingest } from '../ingest/ingest.ts';
import { spoolDirectory } from '../ingest/spool.ts';

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(',') : value;

const ingestHandler: Handler = async (context) => {
  const name = context.params.id!;
  const dataset = await context.services.datasets.get(name);
  if (!dataset) throw notFound(`dataset ${name}`);

  const format = formatOfContentType(header(context.headers['content-type']));
  const labelsHeader = header(context.headers['x-axiom-event-labels']);
  let labels: Record<string, unknown> | undefined;
  if (labelsHeader) {
    try {
      labels = JSON.parse(labelsHeader) as Record<string, unknown>;
    } catch {
      labels = undefined;
    }
    if (labels === null || typeof labels !== 'object' || Array.isArray(labels)) {
      throw new HttpError(400, 'X-Axiom-Event-Labels must be a JSON object');
    }
  }
  const csvFields = (header(context.headers['x-axiom-csv-fields']) ?? '')
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
  const delimiter = context.query.get('csv-delimiter') ?? '';
  if ([...delimiter].length > 1) throw new HttpError(400, 'csv-delimiter must be a single character');

  const status = await ingest(context.services.events, name, context.body(), {
    format,
    contentEncoding: header(context.headers['content-encoding']),
    timestampField: context.query.get('timestamp-field') ?? undefined,
    timestampFormat: context.query.get('timestamp-format') ?? undefined,
    csvDelimiter: delimiter,
    csvFields,
    labels,
    labelBytes: labelsHeader ? Buffer.byteLength(labelsHeader) : 0,
    mapFields: dataset.mapFields,
    maxBytes: context.services.config.maxBodyBytes,
    spoolDir: spoolDirectory(context.services.config.dataDir),
  });
  return { status: 200, body: status };
};

const capability = datasetCapability('ingest', 'create');

export const ingestRoutes: Route[] = [
  { method: 'POST', path: '/v1/datasets/:id/ingest', capability, handler: ingestHandler },
  { method: 'POST', path: '/v1/ingest/:id', capability, handler: ingestHandler },
];
