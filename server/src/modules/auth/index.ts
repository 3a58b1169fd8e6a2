// The auth module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export {
  changePassword,
  CODE_VERIFIED_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  SIGNED_IN_MESSAGE,
  SIGNED_OUT_MESSAGE,
  welcomeMessage,
} from './auth.routes';
export { authApi, authService, passwordResetService } from './auth.plugin';
export type { AuthService } from './auth.service';
export { codeSentMessage, type PasswordResetService } from './password-reset.service';
export { createSessionStore } from './session-store';
