import { routesPlugin, servicePlugin, serviceDepsOf } from '../../plugins/service-plugins';
import { avatarFileRoutes, profileRoutes } from './profile.routes';
import { createProfileService, type ProfileService } from './profile.service';

declare module 'fastify' {
  interface FastifyInstance {
    profile: ProfileService;
  }
}

/** app.profile: the user's picture. */
export const profileService = servicePlugin('profile', [], (app) =>
  createProfileService({ ...serviceDepsOf(app), dataDir: app.config.dataDir }),
);

/** /api/profile/*. */
export const profileApi = routesPlugin('profile-routes', ['profile', 'session', 'errors'], profileRoutes, (app) => ({
  prefix: '/api/profile',
  profile: app.profile,
}));

/** /uploads/avatars/*: the pictures themselves. */
export const avatarFilesApi = routesPlugin('avatar-files', ['profile'], avatarFileRoutes, (app) => ({
  profile: app.profile,
}));
