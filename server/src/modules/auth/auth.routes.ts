import {
  AuthResponseSchema,
  ChangePasswordRequestSchema,
  CurrentUserResponseSchema,
  SessionResponseSchema,
  MessageResponseSchema,
  SendCodeRequestSchema,
  SignInRequestSchema,
  SignUpRequestSchema,
  VerifyCodeRequestSchema,
} from '@medibuddy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, problemResponses } from '../../plugins/errors';
import {
  clearResetCookie,
  clearSessionCookie,
  RESET_COOKIE,
  resetTokenOf,
  sessionTokenOf,
  setResetCookie,
  setSessionCookie,
} from '../../plugins/session';
import { toPublicUser } from '../users';
import { languageOfAcceptLanguage } from '../../locales/texts';
import type { AuthService } from './auth.service';
import { codeSentMessage, type PasswordResetService } from './password-reset.service';

export const SIGNED_IN_MESSAGE = 'Signed in successfully.';
export const SIGNED_OUT_MESSAGE = 'You have been signed out.';
export const CODE_VERIFIED_MESSAGE = 'Code verified. Choose a new password.';
export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed.';
export const RESET_EXPIRED_MESSAGE =
  'Your password reset has expired or was already used. Request a new code on the "Forgot password" page.';
export const CHANGE_NEEDS_PROOF_MESSAGE =
  'To change your password, sign in first, or request a code on the "Forgot password" page and verify it.';
export const RESET_NEEDED_MESSAGE =
  'To set a new password, first verify the code we e-mailed you: request one on the "Forgot password" page.';
export const welcomeMessage = (name: string) => `Welcome to MediBuddy, ${name}!`;

export type AuthRoutesOptions = { auth: AuthService; passwordReset: PasswordResetService };

/**
 * The password change shared by /api and /compat. Whose password changes comes only from a live reset
 * grant cookie or from the signed-in session (with its current password), never from the body.
 */
export async function changePassword(
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthService,
  input: { newPassword: string; currentPassword?: string; isSessionAllowed: boolean },
): Promise<void> {
  const grant = resetTokenOf(request);
  if (grant && (await auth.changePasswordWithGrant(grant, input.newPassword))) {
    clearResetCookie(reply);
    // Every session of the account has ended, this browser's included.
    clearSessionCookie(reply);
    return;
  }
  const hasResetCookie = request.cookies[RESET_COOKIE] !== undefined;
  if (hasResetCookie) clearResetCookie(reply);
  const user = input.isSessionAllowed ? await request.currentUser() : null;
  if (!user) {
    const detail = hasResetCookie
      ? RESET_EXPIRED_MESSAGE
      : input.isSessionAllowed
        ? CHANGE_NEEDS_PROOF_MESSAGE
        : RESET_NEEDED_MESSAGE;
    throw new AppError('unauthenticated', detail);
  }
  const { sessionToken } = await auth.changePasswordWithSession(user, input.currentPassword, input.newPassword);
  setSessionCookie(reply, sessionToken);
}

export async function authRoutes(app: FastifyInstance, { auth, passwordReset }: AuthRoutesOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    '/sign-up',
    {
      onRequest: app.limiters.signUp.byIp,
      schema: {
        tags,
        summary: 'Create an account and sign in',
        body: SignUpRequestSchema,
        response: { 201: AuthResponseSchema, ...problemResponses([400, 403, 409, 429]) },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await auth.signUp(request.body);
      setSessionCookie(reply, sessionToken);
      return reply.status(201).send({ user, message: welcomeMessage(user.name) });
    },
  );

  r.post(
    '/sign-in',
    {
      onRequest: app.limiters.signIn.byIp,
      preHandler: app.limiters.signIn.byEmail,
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: SignInRequestSchema,
        response: { 200: AuthResponseSchema, ...problemResponses([400, 401, 403, 429]) },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await auth.signIn(request.body);
      setSessionCookie(reply, sessionToken);
      return { user, message: SIGNED_IN_MESSAGE };
    },
  );

  r.post(
    '/sign-out',
    {
      schema: {
        tags,
        summary: 'End this session (also fine when not signed in)',
        response: { 200: MessageResponseSchema, ...problemResponses([403]) },
      },
    },
    async (request, reply) => {
      await auth.signOut(sessionTokenOf(request));
      clearSessionCookie(reply);
      return { message: SIGNED_OUT_MESSAGE };
    },
  );

  r.get(
    '/me',
    {
      schema: {
        tags,
        summary: 'The signed-in user',
        response: { 200: CurrentUserResponseSchema, ...problemResponses([401]) },
      },
    },
    async (request) => ({ user: toPublicUser(await request.requireUser()) }),
  );

  r.get(
    '/session',
    {
      schema: {
        tags,
        summary: 'Who is signed in: the user, or null for a visitor (never 401)',
        response: { 200: SessionResponseSchema },
      },
    },
    async (request) => {
      const user = await request.currentUser();
      return { user: user ? toPublicUser(user) : null };
    },
  );

  r.post(
    '/password-reset/code',
    {
      onRequest: app.limiters.sendCode.byIp,
      preHandler: app.limiters.sendCode.byEmail,
      schema: {
        tags,
        summary: 'E-mail a 6-digit code to reset the password',
        description: 'Answers the same whether or not the address has an account.',
        body: SendCodeRequestSchema,
        response: { 202: MessageResponseSchema, ...problemResponses([400, 403, 429, 503]) },
      },
    },
    async (request, reply) => {
      await passwordReset.sendCode(request.body.email, languageOfAcceptLanguage(request.headers['accept-language']));
      return reply.status(202).send({ message: codeSentMessage(app.config) });
    },
  );

  r.post(
    '/password-reset/verify',
    {
      onRequest: app.limiters.verifyCode.byIp,
      preHandler: app.limiters.verifyCode.byEmail,
      schema: {
        tags,
        summary: 'Verify the code; sets the mb_reset cookie that allows one password change',
        body: VerifyCodeRequestSchema,
        response: { 200: MessageResponseSchema, ...problemResponses([400, 403, 429]) },
      },
    },
    async (request, reply) => {
      const grant = await passwordReset.verifyCode(request.body.email, request.body.code);
      setResetCookie(reply, grant);
      return { message: CODE_VERIFIED_MESSAGE };
    },
  );

  r.put(
    '/password',
    {
      preHandler: app.limiters.changePassword.byUser,
      schema: {
        tags,
        summary: 'Change the password',
        description:
          'Allowed with the mb_reset cookie from a verified code (ends every session of the account), or when ' +
          'signed in with currentPassword (ends the other sessions and rotates this one).',
        body: ChangePasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...problemResponses([400, 401, 403, 429]) },
      },
    },
    async (request, reply) => {
      await changePassword(request, reply, auth, { ...request.body, isSessionAllowed: true });
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );
}
