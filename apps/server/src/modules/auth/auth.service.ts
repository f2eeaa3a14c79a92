import { accountMessages, type registerRequestSchema } from '@flick/contract';
import type { Locale } from '@flick/i18n';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { mailInBackground, type Mailer } from '../../lib/mailer.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';
import { HttpError } from '../../lib/http-error.ts';
import { validationError } from '../../lib/validation.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import type { Translate } from '../../lib/translators.ts';
import { resetPasswordMessage, signInAttemptsMessage, verifyEmailMessage } from './auth-emails.ts';
import { authRepository, type EmailPurpose } from './auth.repository.ts';
import { ADDRESS_FAILURES, emailKey, lockSeconds, SIGN_IN_BACKOFF } from './sign-in-backoff.ts';
import { signInBackoffRepository } from './sign-in-backoff.repository.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Remember-me sessions live in local storage for weeks; the others in session storage for a day or two. */
export const TOKEN_LIFETIME_MS = { remembered: 60 * DAY_MS, session: 2 * DAY_MS };
export const EMAIL_TOKEN_LIFETIME_MS: Record<EmailPurpose, number> = { verify_email: DAY_MS, reset_password: 60 * 60_000 };

export interface AuthDependencies {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
  /**
   * Asked after a right password, before the ban check: an account that may not sign in now but whose owner
   * may act (its deletion scheduled, or banned: ADR 0031) is refused with a one-time token for that.
   */
  refusal?: (user: UserRow) => Promise<LoginRefusedError | undefined>;
}

/** A refused sign-in whose answer carries more than a message (the personal-data module's token and date). */
export class LoginRefusedError extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    readonly body: { message: string; code: 'deletion-scheduled' | 'banned'; deletion_due_at?: string; token: string },
  ) {
    super(statusCode, message);
  }
}

/** A hash to verify against when the e-mail is unknown, so a wrong address costs as long as a wrong password. */
const dummyHash = hashPassword('not-a-real-password');

/** A 429 that says when to try again (the route sets retry-after). */
export class TryLaterError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export function authService({ db, mailer, publicUrl, logger, refusal }: AuthDependencies) {
  const repo = accountsRepository(db);
  const accounts = accountsService(db);
  const tokens = authRepository(db);
  const backoff = signInBackoffRepository(db.$client);
  const background = mailInBackground(logger);

  async function issueEmailToken(userId: number, purpose: EmailPurpose) {
    const token = createToken();
    await tokens.issueEmailToken(userId, purpose, hashToken(token), new Date(Date.now() + EMAIL_TOKEN_LIFETIME_MS[purpose]));
    return token;
  }

  /** Mail failures are logged, not thrown: the account is saved and the person can ask again. */
  async function sendQuietly(send: () => Promise<void>) {
    await send().catch((error: unknown) => logger.error({ err: error }, 'could not send e-mail'));
  }

  async function sendVerification(user: { id: number; email: string }, t?: Translate) {
    const token = await issueEmailToken(user.id, 'verify_email');
    await sendQuietly(() => mailer.send(verifyEmailMessage(user.email, `${publicUrl}/verify-email/${token}`, t)));
  }

  /** Before the password is looked at: too many failures from this client, or for this address, wait. */
  async function refuseWhileLocked(key: string, clientAddress: string) {
    const [fromClient, lockedFor] = await Promise.all([backoff.addressFailures(clientAddress), backoff.lockedFor(key)]);
    if (fromClient.failures >= ADDRESS_FAILURES.max) {
      throw new TryLaterError(accountMessages.tooManyAttempts, Math.max(1, Math.ceil(fromClient.ttlMs / 1000)));
    }
    if (lockedFor > 0) throw new TryLaterError(accountMessages.signInLocked, lockedFor);
  }

  /** The same statements whether or not the address has an account; only the notice depends on it, after the answer. */
  async function countFailure(key: string, clientAddress: string, user: { email: string } | undefined, t?: Translate) {
    const [failures] = await Promise.all([backoff.countFailure(key), backoff.countAddressFailure(clientAddress)]);
    const lock = lockSeconds(failures);
    if (lock > 0) await backoff.lock(key, lock);
    if (user && failures === SIGN_IN_BACKOFF.freeFailures) {
      background.run(() => mailer.send(signInAttemptsMessage(user.email, `${publicUrl}/forgot-password`, t)));
    }
  }

  return {
    isHandleAvailable: (handle: string) => accounts.isHandleAvailable(handle),

    /** `t`: the e-mails in the language of whoever asked (request.t). */
    async register(input: z.output<typeof registerRequestSchema>, t?: Translate, locale?: Locale) {
      const username = input.type === 'model' ? input.username : undefined;
      const taken: { field: string; message: string }[] = [];
      if (await repo.findByEmail(input.email)) taken.push({ field: 'email', message: accountMessages.emailTaken });
      if (username && !(await accounts.isHandleAvailable(username))) {
        taken.push({ field: 'username', message: accountMessages.usernameTaken });
      }
      if (taken.length > 0) throw validationError(taken);

      const passwordHash = await hashPassword(input.password);
      try {
        const user = await repo.insert({
          type: input.type,
          name: input.name,
          email: input.email,
          passwordHash,
          username: username ?? null,
          slug: username ?? null,
          gender: input.gender,
          preference: input.preference,
          phoneNumber: input.type === 'model' ? (input.phone_number ?? null) : null,
          country: input.country ?? null,
          locale: locale ?? null,
        });
        await sendVerification(user, t);
        return user;
      } catch (error) {
        // Two sign-ups racing for the same address or name: the unique indexes decide.
        const constraint = (error as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint;
        if (constraint === 'users_email_lower_key') throw validationError([{ field: 'email', message: accountMessages.emailTaken }]);
        if (constraint === 'users_username_lower_key' || constraint === 'users_slug_lower_key') {
          throw validationError([{ field: 'username', message: accountMessages.usernameTaken }]);
        }
        throw error;
      }
    },

    /** Answers before anything is looked up, so that no address takes longer than another (SECURITY.md). */
    resendVerification(email: string, t?: Translate) {
      background.run(async () => {
        const user = await repo.findByEmail(email);
        if (user && !user.emailVerifiedAt) await sendVerification(user, t);
      });
    },

    async verifyEmail(token: string) {
      if (!(await tokens.verifyEmail(hashToken(token)))) throw new HttpError(422, accountMessages.invalidOrExpiredLink);
    },

    /** Only failures count against the client address and the e-mail address (SECURITY.md). */
    async login(email: string, password: string, rememberMe: boolean, clientAddress: string, t?: Translate, locale?: Locale) {
      const key = emailKey(email);
      await refuseWhileLocked(key, clientAddress);
      const user = await repo.findByEmail(email);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await dummyHash));
      if (!user || !valid) {
        await countFailure(key, clientAddress, user, t);
        throw new HttpError(401, accountMessages.invalidCredentials);
      }
      await backoff.clear(key);
      const refused = await refusal?.(user);
      if (refused) throw refused;
      // Only after the password: a ban is not told to whoever types an address (ADR 0015).
      if (user.bannedAt) throw new HttpError(403, accountMessages.accountBanned);
      // The language its e-mails are written in: the one it last signed in with.
      if (locale && user.locale !== locale) await repo.update(user.id, { locale });
      const token = createToken();
      await tokens.insertSession(user.id, hashToken(token), new Date(Date.now() + (rememberMe ? TOKEN_LIFETIME_MS.remembered : TOKEN_LIFETIME_MS.session)));
      return { token, user };
    },

    async logout(tokenId: number) {
      await tokens.revokeSession(tokenId);
    },

    /** Answers before anything is looked up, so that no address takes longer than another (SECURITY.md). */
    forgotPassword(email: string, t?: Translate) {
      background.run(async () => {
        const user = await repo.findByEmail(email);
        if (!user) return;
        const token = await issueEmailToken(user.id, 'reset_password');
        await mailer.send(resetPasswordMessage(user.email, `${publicUrl}/reset-password/${token}`, t));
      });
    },

    /** A new password also ends a lock from failed sign-ins: the owner has just proved the address. */
    async resetPassword(token: string, password: string) {
      const passwordHash = await hashPassword(password);
      const email = await tokens.resetPassword(hashToken(token), passwordHash);
      if (!email) throw new HttpError(422, accountMessages.invalidOrExpiredLink);
      await backoff.clear(emailKey(email));
    },

    /** Waits for the mail still being sent, before the database closes. */
    settled: () => background.settled(),
  };
}

export type AuthService = ReturnType<typeof authService>;
