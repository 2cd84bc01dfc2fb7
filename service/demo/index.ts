/**
 * Demo data: the playground datasets `sample-http-logs` and `otel-demo-traces`, created once with
 * deterministic synthetic events over the seven days before `now`. A dataset that already exists
 * is left alone.
 */
import type { Services } from '../services.ts';
import type { StoredEvent } from '../store/eventStore.ts';
import type { FieldInfo } from '../store/fieldTypes.ts';
import type { DatasetKind } from '../store/datasets.ts';
import { httpLogEvents, httpLogFields } from './httpLogs.ts';
import { otelTraceEvents, otelTraceFields } from './otelTraces.ts';
import { defaultDemoEvents } from './defaults.ts';

export interface DemoOptions {
  eventsPerDataset?: number;
  now?: Date;
}

interface DemoDataset {
  name: string;
  kind: DatasetKind;
  description: string;
  fields: FieldInfo[];
  mapFields: string[];
  events: (count: number, now: Date) => StoredEvent[];
}

export const demoDatasets: DemoDataset[] = [
  {
    name: 'sample-http-logs',
    kind: 'axiom:events:v1',
    description: 'Synthetic web-server access log: one event per HTTP request.',
    fields: httpLogFields,
    mapFields: [],
    events: httpLogEvents,
  },
  {
    name: 'otel-demo-traces',
    kind: 'axiom:events:v1',
    description: 'Synthetic OpenTelemetry spans from the OTel demo shop.',
    fields: otelTraceFields,
    mapFields: ['attributes.custom'],
    events: otelTraceEvents,
  },
];

/** Creates the demo datasets that do not exist yet; answers the names it created. */
export async function loadDemoData(services: Services, options: DemoOptions = {}): Promise<string[]> {
  const count = options.eventsPerDataset ?? defaultDemoEvents;
  const now = options.now ?? new Date();
  const created: string[] = [];
  for (const demo of demoDatasets) {
    if (await services.datasets.get(demo.name)) continue;
    const dataset = await services.datasets.create(
      {
        name: demo.name,
        kind: demo.kind,
        description: demo.description,
        who: 'demo',
        useRetentionPeriod: false,
        retentionDays: 0,
      },
      now,
    );
    if (!dataset) continue;
    if (demo.mapFields.length > 0) await services.datasets.update(demo.name, { mapFields: demo.mapFields }, now);
    await services.events.createDataset(demo.name);
    await services.events.append(demo.name, demo.events(count, now), demo.fields);
    created.push(demo.name);
  }
  return created;
}
