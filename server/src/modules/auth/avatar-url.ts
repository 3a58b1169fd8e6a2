/**
 * Where a user's picture is served (`users.avatar_path` holds its file name): part of the user as the API shows it,
 * so it lives with the users table's owner; the profile module stores and serves the pictures.
 */
export const AVATAR_URL_PREFIX = '/uploads/avatars/';

export function avatarUrlOf(fileName: string | null): string | null {
  return fileName ? `${AVATAR_URL_PREFIX}${fileName}` : null;
}
