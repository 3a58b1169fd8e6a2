import { routesPlugin, servicePlugin } from '../../plugins/service-plugins';
import { createTriageRecords, type TriageRecords } from './triage-records';
import { triageRecordRoutes } from './triage-records.routes';
import { triageRoutes } from './triage.routes';
import { createTriageService, type TriageService } from './triage.service';

declare module 'fastify' {
  interface FastifyInstance {
    triage: TriageService;
    triageRecords: TriageRecords;
  }
}

/** app.triage: stateless; loads its knowledge base (content/triage) once here. */
export const triageService = servicePlugin('triage', [], () => createTriageService());

/** app.triageRecords: finished checks kept in the health record, with consent. */
export const triageRecordsService = servicePlugin('triageRecords', ['triage', 'consent'], (app) =>
  createTriageRecords({ db: app.database.db, consent: app.consent, triage: app.triage }),
);

/** /api/triage/sessions*. */
export const triageApi = routesPlugin('triage-routes', ['triage', 'errors'], triageRoutes, (app) => ({
  prefix: '/api/triage',
  triage: app.triage,
}));

/** /api/triage/saved*. */
export const triageRecordsApi = routesPlugin(
  'triage-records-routes',
  ['triageRecords', 'session', 'errors'],
  triageRecordRoutes,
  (app) => ({ prefix: '/api/triage', triageRecords: app.triageRecords }),
);
