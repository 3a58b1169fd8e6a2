import {
  CompatAuthResponseSchema,
  CompatChangePasswordRequestSchema,
  CompatCurrentUserResponseSchema,
  CompatPredictionResponseSchema,
  CompatPredictRequestSchema,
  CompatFeedbackRequestSchema,
  CompatProblemSchema,
  CompatSendOtpRequestSchema,
  CompatSignInRequestSchema,
  CompatSignUpRequestSchema,
  CompatVerifyOtpRequestSchema,
  AvatarResponseSchema,
  MessageResponseSchema,
  type CompatUser,
  type User,
} from '@medibuddy/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, problemResponses, registerErrorHandling, type ProblemShaper } from '../../plugins/errors';
import {
  requireUser,
  sessionTokenOf,
  setResetCookie,
  setSessionCookie,
  clearSessionCookie,
} from '../../plugins/session';
import {
  type AuthService,
  changePassword,
  CODE_VERIFIED_MESSAGE,
  codeSentMessage,
  PASSWORD_CHANGED_MESSAGE,
  type PasswordResetService,
  SIGNED_IN_MESSAGE,
  SIGNED_OUT_MESSAGE,
  welcomeMessage,
} from '../auth';
import type { AssessmentService } from '../assessments';
import { FEEDBACK_THANKS_MESSAGE, type FeedbackService } from '../feedback';
import { AVATAR_UPDATED_MESSAGE, type ProfileService, readAvatarUpload, registerAvatarUploads } from '../profile';
import { toPublicUser } from '../users';
import { COMPAT_PREDICTIONS, compatPredictionOf, inputsFromCompatRecord } from './compat-predictions';

export type CompatRoutesOptions = {
  auth: AuthService;
  passwordReset: PasswordResetService;
  profile: ProfileService;
  feedback: FeedbackService;
  assessments: AssessmentService;
};

/** The legacy client toasts `message` (sign-up, change password) or `error` (send OTP): both carry the detail. */
const withLegacyMessage: ProblemShaper = (problem) => ({ ...problem, message: problem.detail, error: problem.detail });

/**
 * The legacy client's API (docs/product.md#compat-api) under /compat: the same paths, methods, bodies and response
 * fields, on the same services, sessions and rate limits as /api. Differences, on purpose:
 * - every success answers 200 (the legacy client expects no other status; 200 is what any such client accepts);
 * - changePassword takes only the reset grant from a verified OTP, as the legacy client's flow does: its body has no
 *   current password to prove, so a signed-in session alone (a borrowed laptop, a stolen cookie) cannot
 *   change the password here. Signed-in changes go through PUT /api/auth/password with currentPassword;
 * - GET /logout stays a GET because the client calls it so; at worst another site can sign a user out;
 * - /predict1../predict6 answer visitors too (the legacy client sends cookies only on /predict2); the
 *   assessment is saved to the account only when a session cookie comes with the request.
 */
export async function compatRoutes(app: FastifyInstance, services: CompatRoutesOptions) {
  const { auth, passwordReset, profile, feedback, assessments } = services;
  registerErrorHandling(app, withLegacyMessage);
  await registerAvatarUploads(app);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['compat'];
  const problems = (statuses: number[]) => problemResponses(statuses, CompatProblemSchema);
  const absolute = (url: string | null) => (url ? `${app.config.publicOrigin}${url}` : null);
  const toCompatUser = (user: User): CompatUser => ({
    name: user.name,
    email: user.email,
    profileImage: absolute(user.avatarUrl),
  });

  r.post(
    '/signup',
    {
      onRequest: app.limiters.signUp.byIp,
      schema: {
        tags,
        body: CompatSignUpRequestSchema,
        response: { 200: CompatAuthResponseSchema, ...problems([400, 403, 409, 429]) },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await auth.signUp(request.body);
      setSessionCookie(reply, sessionToken);
      return { user: toCompatUser(user), message: welcomeMessage(user.name) };
    },
  );

  r.post(
    '/login',
    {
      onRequest: app.limiters.signIn.byIp,
      preHandler: app.limiters.signIn.byEmail,
      schema: {
        tags,
        body: CompatSignInRequestSchema,
        response: { 200: CompatAuthResponseSchema, ...problems([400, 401, 403, 429]) },
      },
    },
    async (request, reply) => {
      const { user, sessionToken } = await auth.signIn(request.body);
      setSessionCookie(reply, sessionToken);
      return { user: toCompatUser(user), message: SIGNED_IN_MESSAGE };
    },
  );

  r.get(
    '/logout',
    // The specification's client calls it from its own page; a link or redirect from another site is refused.
    { config: { changesState: true }, schema: { tags, response: { 200: MessageResponseSchema, ...problems([403]) } } },
    async (request, reply) => {
      await auth.signOut(sessionTokenOf(request));
      clearSessionCookie(reply);
      return { message: SIGNED_OUT_MESSAGE };
    },
  );

  r.post(
    '/sendOTP',
    {
      onRequest: app.limiters.sendCode.byIp,
      preHandler: app.limiters.sendCode.byEmail,
      schema: {
        tags,
        body: CompatSendOtpRequestSchema,
        response: { 200: MessageResponseSchema, ...problems([400, 403, 429, 503]) },
      },
    },
    async (request) => {
      await passwordReset.sendCode(request.body.email);
      return { message: codeSentMessage(app.config) };
    },
  );

  r.post(
    '/verifyOTP',
    {
      onRequest: app.limiters.verifyCode.byIp,
      preHandler: app.limiters.verifyCode.byEmail,
      schema: {
        tags,
        body: CompatVerifyOtpRequestSchema,
        response: { 200: MessageResponseSchema, ...problems([400, 403, 429]) },
      },
    },
    async (request, reply) => {
      let grant: string;
      try {
        grant = await passwordReset.verifyCode(request.body.email, request.body.vOTP);
      } catch (err) {
        // The legacy body calls the code vOTP: name the field the client sent.
        if (err instanceof AppError && err.errors) {
          throw new AppError(
            err.code,
            err.detail,
            err.errors.map((e) => (e.field === 'code' ? { ...e, field: 'vOTP' } : e)),
            err.headers,
          );
        }
        throw err;
      }
      setResetCookie(reply, grant);
      return { message: CODE_VERIFIED_MESSAGE };
    },
  );

  r.put(
    '/changePassword',
    {
      schema: {
        tags,
        description: 'Needs the mb_reset cookie set by a verified OTP; see PUT /api/auth/password otherwise.',
        body: CompatChangePasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...problems([400, 401, 403]) },
      },
    },
    async (request, reply) => {
      await changePassword(request, reply, auth, { newPassword: request.body.newPassword, isSessionAllowed: false });
      return { message: PASSWORD_CHANGED_MESSAGE };
    },
  );

  // The original client asks who is signed in (navbar) and for the profile page's user; 401 when nobody is.
  for (const path of ['/getuser', '/user-profile']) {
    r.get(
      path,
      {
        onRequest: requireUser,
        schema: { tags, response: { 200: CompatCurrentUserResponseSchema, ...problems([401]) } },
      },
      async (request) => {
        const user = toCompatUser(toPublicUser(await request.requireUser()));
        return { ...user, user };
      },
    );
  }

  r.post(
    '/handleFileUpload',
    {
      onRequest: requireUser,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: AvatarResponseSchema, ...problems([400, 401, 403, 413, 415]) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      const { imageUrl } = await profile.setAvatar(user.id, await readAvatarUpload(request));
      return { imageUrl: absolute(imageUrl) as string, message: AVATAR_UPDATED_MESSAGE };
    },
  );

  r.post(
    '/submit',
    {
      onRequest: requireUser,
      schema: {
        tags,
        body: CompatFeedbackRequestSchema,
        response: { 200: MessageResponseSchema, ...problems([400, 401, 403]) },
      },
    },
    async (request) => {
      const user = await request.requireUser();
      await feedback.submit(user.id, request.body.feedback);
      return { message: FEEDBACK_THANKS_MESSAGE };
    },
  );

  for (const [name, spec] of Object.entries(COMPAT_PREDICTIONS)) {
    r.post(
      `/${name}`,
      {
        schema: {
          tags,
          summary: `The legacy ${name}: the ${spec.test} test on one record keyed by the legacy client's field names`,
          description:
            'Answers prediction[0]: 0/1 at the model card threshold (heart, diabetes, cardio, liver), the class code 0-4 ' +
            '(blood test), or 1 for a moderate or high STONE band (kidney stone). Saved to the account when signed in.',
          body: CompatPredictRequestSchema,
          response: { 200: CompatPredictionResponseSchema, ...problems([400, 403, 503]) },
        },
      },
      async (request) => {
        const { inputs, notes } = inputsFromCompatRecord(spec, request.body[0] as Record<string, unknown>);
        const evaluation = await assessments.evaluate(spec.test, inputs, notes);
        const user = await request.currentUser();
        // Saved only with the user's consent to store health data; the old client gets its answer either way.
        if (user) await assessments.saveIfConsented(user.id, evaluation);
        return { prediction: [compatPredictionOf(evaluation.result)] as [number] };
      },
    );
  }
}
