import { routesPlugin } from '../../plugins/service-plugins';
import { compatRoutes } from './compat.routes';
import { imagingCompatRoutes } from './imaging.compat';
import { medicinesCompatRoutes } from './medicines.compat';

// The earlier client's calls under /compat (docs/product.md#compat-api), on the same services as /api.

export const compatApi = routesPlugin(
  'compat-routes',
  ['auth', 'passwordReset', 'profile', 'feedback', 'assessments', 'session', 'rate-limit', 'errors'],
  compatRoutes,
  (app) => ({
    prefix: '/compat',
    auth: app.auth,
    passwordReset: app.passwordReset,
    profile: app.profile,
    feedback: app.feedback,
    assessments: app.assessments,
  }),
);

export const imagingCompatApi = routesPlugin(
  'imaging-compat-routes',
  ['imageAssessments', 'compat-routes'],
  imagingCompatRoutes,
  (app) => ({ prefix: '/compat', imageAssessments: app.imageAssessments }),
);

export const medicinesCompatApi = routesPlugin(
  'medicines-compat-routes',
  ['medicines', 'compat-routes'],
  medicinesCompatRoutes,
  (app) => ({ prefix: '/compat', medicines: app.medicines }),
);
