import {
  accountMessages,
  DELETION_GRACE_DAYS,
  deletionKeeps,
  deletionRemoves,
  formatPersonalDataDate,
  personalDataMessages,
  type DeletionSummary,
} from '@flick/contract';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { requestFeedRebuild, type JobQueue } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import { mailInBackground, type Mailer } from '../../lib/mailer.ts';
import { verifyPassword } from '../../lib/password.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';
import { validationError } from '../../lib/validation.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { authRepository } from '../auth/auth.repository.ts';
import { LoginRefusedError, TOKEN_LIFETIME_MS } from '../auth/auth.service.ts';
import { deletionScheduledMessage } from './personal-data-emails.ts';
import { personalDataRepository } from './personal-data.repository.ts';
import { translatorFor } from '../../lib/translators.ts';

/** A sign-in's one-time token to keep (or delete) an account lives this long: the screen that uses it is open now. */
const TOKEN_LIFETIME = 15 * 60_000;

export interface AccountDeletionDependencies {
  db: Database;
  publicUrl: string;
  jobs: JobQueue;
  mailer: Mailer;
  logger: Logger;
  /** A creator's videos leave (or come back to) the public address: every one of them (ADR 0027). */
  creatorChanged: (userId: number) => Promise<void>;
  /** The visibility index hides (or shows again) the account on every instance (ADR 0024). */
  onHiddenChanged: () => Promise<void>;
}

/**
 * Self-service account deletion (ADR 0031): the password confirms it, the account is hidden from everyone
 * and signed out everywhere at once, and a purge job removes it after DELETION_GRACE_DAYS. Signing in
 * meanwhile (right password) is answered with the date and a token to keep the account.
 */
export function accountDeletionService({ db, publicUrl, jobs, mailer, logger, creatorChanged, onHiddenChanged }: AccountDeletionDependencies) {
  const repo = personalDataRepository(db.$client);
  const accounts = accountsRepository(db);
  const sessions = authRepository(db);
  const background = mailInBackground(logger);

  async function issueToken(userId: number, purpose: 'keep' | 'delete') {
    const token = createToken();
    await repo.insertToken(userId, purpose, hashToken(token), new Date(Date.now() + TOKEN_LIFETIME));
    return token;
  }

  /** Hides the account and queues its purge; the media and visibility calls run after the commit. */
  async function schedule(user: UserRow) {
    const dueAt = await repo.schedule(user.id, DELETION_GRACE_DAYS);
    await creatorChanged(user.id);
    await onHiddenChanged();
    await requestFeedRebuild(jobs);
    // The purge at the date; the hourly sweep is the net under it.
    await jobs.send('purge-personal-data', { userId: user.id }, { startAfter: new Date(dueAt.getTime() + 1000) });
    const date = formatPersonalDataDate(dueAt.toISOString());
    background.run(async () => mailer.send(deletionScheduledMessage(user.email, date, `${publicUrl}/login`, await translatorFor(user.locale))));
    return { message: personalDataMessages.deletionScheduledDone(date), deletion_due_at: dueAt.toISOString() };
  }

  return {
    async summary(user: UserRow): Promise<DeletionSummary> {
      return { grace_days: DELETION_GRACE_DAYS, removes: deletionRemoves, keeps: deletionKeeps, counts: await repo.counts(user.id) };
    },

    /** The signed-in owner, with their password. Admins are removed by another admin (their audit trail stays whole). */
    async request(user: UserRow, password: string) {
      if (user.isAdmin) throw new HttpError(403, personalDataMessages.notForAdmins);
      if (!(await verifyPassword(password, user.passwordHash))) throw validationError([{ field: 'password', message: personalDataMessages.wrongPassword }]);
      return schedule(user);
    },

    /** A banned person, with the token their sign-in answer carried: the ban stays on record, the rest goes. */
    async requestBanned(token: string) {
      const userId = await repo.consumeToken(hashToken(token), 'delete');
      const user = userId === undefined ? undefined : await accounts.findById(userId);
      if (!user) throw new HttpError(422, personalDataMessages.linkExpired);
      return schedule(user);
    },

    /** "Keep my account": everything comes back, and the person is signed in (unless banned). */
    async keep(token: string, rememberMe: boolean) {
      const userId = await repo.consumeToken(hashToken(token), 'keep');
      const user = userId === undefined ? undefined : await accounts.findById(userId);
      if (!user) throw new HttpError(422, personalDataMessages.linkExpired);
      const cancelled = await repo.cancel(user.id);
      if (cancelled === 'too-late') throw new HttpError(409, personalDataMessages.tooLateToKeep);
      if (cancelled === 'kept') {
        await creatorChanged(user.id);
        await onHiddenChanged();
        await requestFeedRebuild(jobs);
      }
      if (user.bannedAt) throw new HttpError(403, accountMessages.accountBanned);
      const session = createToken();
      await sessions.insertSession(user.id, hashToken(session), new Date(Date.now() + (rememberMe ? TOKEN_LIFETIME_MS.remembered : TOKEN_LIFETIME_MS.session)));
      return { access_token: session, user: { id: user.id, type: user.type }, message: personalDataMessages.accountKept };
    },

    /** For auth's sign-in, after a right password: a scheduled deletion (409) or a ban (403), each with its token. */
    async loginRefusal(user: UserRow): Promise<LoginRefusedError | undefined> {
      const deletion = await repo.deletion(user.id);
      if (deletion) {
        const message = personalDataMessages.deletionScheduled(formatPersonalDataDate(deletion.dueAt.toISOString()));
        return new LoginRefusedError(409, message, {
          message,
          code: 'deletion-scheduled',
          deletion_due_at: deletion.dueAt.toISOString(),
          token: await issueToken(user.id, 'keep'),
        });
      }
      if (user.bannedAt && !user.isAdmin) {
        return new LoginRefusedError(403, accountMessages.accountBanned, {
          message: accountMessages.accountBanned,
          code: 'banned',
          token: await issueToken(user.id, 'delete'),
        });
      }
      return undefined;
    },

    settled: () => background.settled(),
  };
}

export type AccountDeletionService = ReturnType<typeof accountDeletionService>;
