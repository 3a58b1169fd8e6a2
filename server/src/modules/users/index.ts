// The users module's face: the users table's repository and the user as the API shows it. Auth (sign-up, sessions),
// profile (the avatar) and the health record (its export) use them (docs/architecture.md, "Modules and their faces").
export { avatarUrlOf, toPublicUser } from './public-user';
export { createUsersRepository } from './users.repository';
