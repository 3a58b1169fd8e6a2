// The profile module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { createAvatarFiles } from './avatars';
export { avatarFilesApi, profileApi, profileService } from './profile.plugin';
export { AVATAR_UPDATED_MESSAGE, readAvatarUpload, registerAvatarUploads } from './profile.routes';
export type { ProfileService } from './profile.service';
