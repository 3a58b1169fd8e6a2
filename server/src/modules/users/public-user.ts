import type { User } from '@medibuddy/contracts';
import type { PublicUserRow } from './users.repository';

/**
 * Where a user's picture is served (`users.avatar_path` holds its file name): part of the user as the API shows it,
 * so it lives with the users table's owner; the profile module stores and serves the pictures.
 */
const AVATAR_URL_PREFIX = '/uploads/avatars/';

export function avatarUrlOf(fileName: string | null): string | null {
  return fileName ? `${AVATAR_URL_PREFIX}${fileName}` : null;
}

/** The user as the API shows it: never the password hash. */
export function toPublicUser(user: PublicUserRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    avatarUrl: avatarUrlOf(user.avatarPath),
    language: user.language,
    createdAt: user.createdAt.toISOString(),
  };
}
