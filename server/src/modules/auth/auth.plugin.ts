import { routesPlugin, servicePlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { authRoutes } from './auth.routes';
import { createAuthService, type AuthService } from './auth.service';
import { createPasswordResetService, type PasswordResetService } from './password-reset.service';

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    passwordReset: PasswordResetService;
  }
}

/** app.auth: sign-up, sign-in, passwords and account deletion. */
export const authService = servicePlugin('auth', [], (app) => createAuthService(serviceDepsOf(app)));

/** app.passwordReset: codes sent by mail. */
export const passwordResetService = servicePlugin('passwordReset', ['mail'], (app) =>
  createPasswordResetService({ ...serviceDepsOf(app), mailer: app.mailer }),
);

/** /api/auth/*. */
export const authApi = routesPlugin(
  'auth-routes',
  ['auth', 'passwordReset', 'session', 'rate-limit', 'errors'],
  authRoutes,
  (app) => ({ prefix: '/api/auth', auth: app.auth, passwordReset: app.passwordReset }),
);
