import fp from 'fastify-plugin';
import { routesPlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { createSafetyFacts } from './medicine-safety-facts';
import { myMedicinesRoutes } from './my-medicines.routes';
import { createMyMedicinesService, type MyMedicinesService } from './my-medicines';
import { medicinesRoutes } from './medicines.routes';
import { createMedicinesService, type MedicinesService } from './medicines.service';

declare module 'fastify' {
  interface FastifyInstance {
    medicines: MedicinesService;
    myMedicines: MyMedicinesService;
  }
}

/** app.medicines (the finder, its starter catalogue seeded) and app.myMedicines, on one set of safety facts. */
export const medicinesService = fp(
  async (app) => {
    const facts = createSafetyFacts();
    const medicines = createMedicinesService({ ...serviceDepsOf(app), facts });
    await medicines.seedStarterCatalogue();
    app.decorate('medicines', medicines);
    app.decorate('myMedicines', createMyMedicinesService({ db: app.database.db, facts, consent: app.consent }));
  },
  { name: 'medicines', dependencies: ['consent'], decorators: { fastify: ['config', 'database'] } },
);

/** /api/medicines/*: the finder. */
export const medicinesApi = routesPlugin('medicines-routes', ['medicines', 'errors'], medicinesRoutes, (app) => ({
  prefix: '/api/medicines',
  medicines: app.medicines,
}));

/** /api/my-medicines/*. */
export const myMedicinesApi = routesPlugin(
  'my-medicines-routes',
  ['medicines', 'session', 'errors'],
  myMedicinesRoutes,
  (app) => ({ prefix: '/api/my-medicines', myMedicines: app.myMedicines }),
);
