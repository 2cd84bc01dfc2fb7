/** The route table: every area's routes, in one list the HTTP server registers. */
import { datasetCapability } from '../auth/capabilities.ts';
import { HttpError, type Route } from '../http/types.ts';
import { annotationRoutes } from './annotations.ts';
import { datasetRoutes } from './datasets.ts';
import { identityRoutes } from './identity.ts';
import { queryRoutes } from './query.ts';
import { tokenRoutes } from './tokens.ts';

// Until the ingest routes land (service/routes/ingest.ts).
const ingestPlaceholder: Route[] = [
  {
    method: 'POST',
    path: '/v1/datasets/:id/ingest',
    capability: datasetCapability('ingest', 'create'),
    handler: async () => {
      throw new HttpError(501, 'ingest is not implemented yet by this local service');
    },
  },
];

export const routes: readonly Route[] = [
  ...datasetRoutes,
  ...ingestPlaceholder,
  ...queryRoutes,
  ...tokenRoutes,
  ...annotationRoutes,
  ...identityRoutes,
];
