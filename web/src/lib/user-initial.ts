import type { User } from '@medibuddy/contracts';

/** The first letter of the name (a whole character, not half an emoji), upper-cased. */
export function initialOf(user: Pick<User, 'name' | 'email'>): string {
  const first = Array.from(user.name.trim())[0] ?? Array.from(user.email.trim())[0] ?? '?';
  return first.toUpperCase();
}
