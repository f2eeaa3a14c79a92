import {
  accountMessages,
  checkUsernameRequestSchema,
  checkUsernameResponseSchema,
  emailRequestSchema,
  errorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  loginRefusedResponseSchema,
  messageResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  tokenRequestSchema,
} from '@flick/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedInUser } from '../../plugins/authenticate.ts';
import { perClientLimit } from '../../plugins/rate-limit-config.ts';
import { LoginRefusedError, TryLaterError, type AuthService } from './auth.service.ts';

const errors = { 401: errorResponseSchema, 422: errorResponseSchema, 429: errorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post(
    '/check-username',
    {
      config: perClientLimit(60, 60),
      schema: {
        tags: ['accounts'],
        summary: "Whether a username is free (also free of the app's own routes)",
        body: checkUsernameRequestSchema,
        response: { 200: checkUsernameResponseSchema, ...errors },
      },
    },
    async (request) => {
      const available = await auth.isHandleAvailable(request.body.username);
      return { available, message: available ? accountMessages.usernameAvailable : accountMessages.usernameTaken };
    },
  );

  app.post(
    '/register',
    {
      config: perClientLimit(10, 3600),
      schema: {
        tags: ['accounts'],
        summary: 'Create a user or model account and send the e-mail verification link',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await auth.register(request.body, request.t, request.locale);
      return reply.code(201).send({ message: accountMessages.registered, user: { id: user.id, type: user.type } });
    },
  );

  app.post(
    '/resend-email',
    {
      config: perClientLimit(5, 3600),
      schema: {
        tags: ['accounts'],
        summary: 'Send the verification link again (same answer whether or not the address has an account)',
        body: emailRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      auth.resendVerification(request.body.email, request.t);
      return { message: accountMessages.verificationEmailSent };
    },
  );

  app.post(
    '/verify-email',
    {
      config: perClientLimit(30, 3600),
      schema: {
        tags: ['accounts'],
        summary: 'Mark the address verified with the one-time token from the e-mail',
        body: tokenRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.verifyEmail(request.body.token);
      return { message: accountMessages.emailVerified };
    },
  );

  app.post(
    '/login',
    {
      // A ceiling on the work per client; failures have their own, tighter allowances (auth.service.ts).
      config: perClientLimit(30, 60),
      schema: {
        tags: ['accounts'],
        summary:
          'Sign in; the answer carries the bearer token. Failed sign-ins lock the e-mail address out for a while (429 with retry-after), whether or not it has an account',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, 403: loginRefusedResponseSchema, 409: loginRefusedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, remember_me } = request.body;
      const signedIn = await auth.login(email, password, remember_me, request.ip, request.t, request.locale).catch((error: unknown) => {
        if (error instanceof TryLaterError) void reply.header('retry-after', String(error.retryAfterSeconds));
        // A scheduled deletion (409) or a ban (403), with the one-time token that keeps or deletes the account (ADR 0031).
        if (error instanceof LoginRefusedError) return error;
        throw error;
      });
      if (signedIn instanceof LoginRefusedError) return reply.code(signedIn.statusCode as 403 | 409).send(signedIn.body);
      const { token, user } = signedIn;
      return { access_token: token, user: { id: user.id, type: user.type }, message: accountMessages.loggedIn };
    },
  );

  app.post(
    '/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['accounts'],
        summary: 'Revoke the bearer token of this request',
        security: [{ bearer: [] }],
        response: { 200: messageResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      signedInUser(request);
      if (request.authTokenId) await auth.logout(request.authTokenId);
      return { message: accountMessages.loggedOut };
    },
  );

  app.post(
    '/forgot-password',
    {
      config: perClientLimit(5, 3600),
      schema: {
        tags: ['accounts'],
        summary: 'E-mail a one-time password reset link (same answer whether or not the address has an account)',
        body: emailRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      auth.forgotPassword(request.body.email, request.t);
      return { message: accountMessages.forgotSent };
    },
  );

  app.post(
    '/reset-password',
    {
      config: perClientLimit(10, 3600),
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with the one-time token; signs out every session',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { message: accountMessages.passwordReset };
    },
  );
};
