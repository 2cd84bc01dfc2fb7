/** The route table: every area's routes, in one list the HTTP server registers. */
import type { Route } from '../http/types.ts';
import { annotationRoutes } from './annotations.ts';
import { datasetRoutes } from './datasets.ts';
import { datasetV1Routes } from './datasetsV1.ts';
import { identityRoutes } from './identity.ts';
import { ingestRoutes } from './ingest.ts';
import { queryRoutes } from './query.ts';
import { tokenRoutes } from './tokens.ts';

export const routes: readonly Route[] = [
  ...datasetRoutes,
  ...datasetV1Routes,
  ...ingestRoutes,
  ...queryRoutes,
  ...tokenRoutes,
  ...annotationRoutes,
  ...identityRoutes,
];
