import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';
import { videos } from '../videos/videos.schema.ts';

/** The performers module's tables (docs/decisions/0023-tables-beside-their-module.md; ADR 0029). */

export const performerStatus = pgEnum('performer_status', ['pending', 'approved', 'refused', 'withdrawn']);
export const performerKind = pgEnum('performer_kind', ['creator', 'release']);

/** That the uploader said who is in a video (only themselves, or the co-performers listed below), and when. */
export const videoDeclarations = pgTable('video_declarations', {
  videoId: bigint('video_id', { mode: 'number' })
    .primaryKey()
    .references(() => videos.id, { onDelete: 'cascade' }),
  onlyMe: boolean('only_me').notNull(),
  declaredAt: timestamp('declared_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each co-performer of a video besides its uploader: a verified creator who answers in their account, or
 * a release (a person without an account: legal details, ID images in private storage and a signed
 * consent) that an admin reviews. Rows are kept after a refusal or a withdrawal: they are the record.
 */
export const videoPerformers = pgTable(
  'video_performers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    kind: performerKind('kind').notNull(),
    /** The creator named; null for a release (and when that account was deleted). */
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The creator's name when named, or the release's first stage name (else its legal name). */
    displayName: text('display_name').notNull(),
    status: performerStatus('status').notNull().default('pending'),
    /** Why it was refused, rejected or withdrawn. */
    reason: text('reason'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    // A release's record (null for a creator).
    legalName: text('legal_name'),
    stageNames: text('stage_names').array(),
    dateOfBirth: date('date_of_birth'),
    filmedOn: date('filmed_on'),
    identification: text('identification'),
    identificationId: text('identification_id'),
    country: text('country'),
    /** Keys in private storage, never URLs: the front of the ID, then its back and/or the face holding it. */
    files: text('files').array(),
    consentFilming: boolean('consent_filming'),
    consentPublication: boolean('consent_publication'),
    signatureName: text('signature_name'),
    signedOn: date('signed_on'),
    consentVersion: text('consent_version'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('video_performers_video_id_idx').on(t.videoId),
    uniqueIndex('video_performers_video_user_key')
      .on(t.videoId, t.userId)
      .where(sql`${t.userId} is not null`),
    index('video_performers_user_idx')
      .on(t.userId, t.id.desc())
      .where(sql`${t.userId} is not null`),
    index('video_performers_releases_idx').on(t.kind, t.status, t.requestedAt),
  ],
);

export type VideoPerformerRow = typeof videoPerformers.$inferSelect;
