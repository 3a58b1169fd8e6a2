import multipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  AvatarResponseSchema,
  CurrentUserResponseSchema,
  UpdateProfileRequestSchema,
} from '@medibuddy/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, problemResponses } from '../../plugins/errors';
import { requireUser } from '../../plugins/session';
import { readUploadedFile } from '../../plugins/uploads';
import { AVATAR_FILE_PATTERN, avatarTooLarge } from './avatars';
import type { ProfileService } from './profile.service';

export const AVATAR_UPDATED_MESSAGE = 'Profile picture updated.';
export const AVATAR_FIELD = 'image';

export type ProfileRoutesOptions = { profile: ProfileService };

/** Accepts multipart uploads in the scope that calls it, capped at the avatar size. */
export async function registerAvatarUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 20 },
  });
}

/** The bytes of the `image` file of a multipart request, or a 4xx problem that names the field. */
export async function readAvatarUpload(request: FastifyRequest): Promise<Buffer> {
  return readUploadedFile(request, {
    field: AVATAR_FIELD,
    notMultipart: 'Send the picture as multipart/form-data in the field "image".',
    missing: 'Choose a picture to upload (JPEG, PNG or WebP, up to 5 MB).',
    tooLarge: avatarTooLarge,
  });
}

export async function profileRoutes(app: FastifyInstance, { profile }: ProfileRoutesOptions) {
  await registerAvatarUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.patch(
    '/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profile'],
        summary: "Change the account's settings",
        description:
          'JSON with the settings to change, each optional: `language` ("en" or "hi"), the language the account reads ' +
          'MediBuddy in (the web app applies it at sign-in; the recovery e-mail is written in it). Answers the account.',
        body: UpdateProfileRequestSchema,
        response: { 200: CurrentUserResponseSchema, ...problemResponses([400, 401, 403]) },
      },
    },
    async (request) => {
      return { user: await profile.update(await request.requireUserId(), request.body) };
    },
  );

  r.post(
    '/avatar',
    {
      onRequest: requireUser,
      schema: {
        tags: ['profile'],
        summary: 'Upload a profile picture',
        description:
          'multipart/form-data with one file in the field "image": JPEG, PNG or WebP up to 5 MB. It is stored ' +
          're-encoded as a 256x256 WebP square.',
        consumes: ['multipart/form-data'],
        response: { 200: AvatarResponseSchema, ...problemResponses([400, 401, 403, 413, 415]) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { imageUrl } = await profile.setAvatar(user.id, await readAvatarUpload(request));
      return { imageUrl, message: AVATAR_UPDATED_MESSAGE };
    },
  );
}

/** GET /uploads/avatars/:file. Names are random and never reused, so browsers may cache them for good. */
export async function avatarFileRoutes(app: FastifyInstance, { profile }: ProfileRoutesOptions) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/uploads/avatars/:file',
      { schema: { hide: true, params: z.object({ file: z.string() }) } },
      async (request, reply) => {
        const { file } = request.params;
        const bytes = AVATAR_FILE_PATTERN.test(file) ? await profile.readAvatar(file) : null;
        if (!bytes) throw new AppError('not_found', 'There is no such picture.');
        return (
          reply
            .header('content-type', 'image/webp')
            .header('cache-control', 'public, max-age=31536000, immutable')
            // The compat client may run on another origin (CORS_ORIGINS) and must be able to show it.
            .header('cross-origin-resource-policy', 'cross-origin')
            .send(bytes)
        );
      },
    );
}
