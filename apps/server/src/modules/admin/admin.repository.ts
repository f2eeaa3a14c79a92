import type { AdminAuditEntry, AdminOverview, AdminVerificationSummary } from '@flick/contract';
import type pg from 'pg';
import { OPEN_HOLD_SQL } from '../videos/video-holds.repository.ts';
import { MODERATOR_HOLD_SQL, OPEN_HELD_SQL } from './admin-holds.repository.ts';
import { decodeIdCursor, encodeCursor, keysetPage, type Page } from '../../lib/keyset.ts';

/** Processed, waiting for a moderator's review, and not held (a held video is decided in the held queue). */
const REVIEW_SQL = `v.status = 'processing' and v.processed_at is not null and not ${OPEN_HOLD_SQL}`;

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * The held queue (admin-holds.repository.ts): videos not yet decided with an open hold a moderator decides
 * on, each with whether one is urgent and when its first was placed.
 */
const HELD_SQL = `
  select bool_or(h.urgent) as urgent, min(h.created_at) as since
  from video_holds h join videos v on v.id = h.video_id
  where ${OPEN_HELD_SQL}
  group by v.id
  having ${MODERATOR_HOLD_SQL}`;

/** Co-performer releases waiting for review (releases.repository.ts `list('pending')`). */
const RELEASES_SQL = `
  from video_performers p join videos v on v.id = p.video_id
  where p.kind = 'release' and p.status = 'pending' and v.status <> 'deleting'`;

/** Each queue with its size and oldest item, in one statement (partial indexes cover the first three). */
const overviewSql = `
  with held as (${HELD_SQL})
  select
    (select count(*) from verifications where status = 'pending')::int as "verificationsCount",
    (select ${iso('min(created_at)')} from verifications where status = 'pending') as "verificationsOldest",
    (select count(*) from videos v where ${REVIEW_SQL})::int as "reviewCount",
    (select ${iso('min(created_at)')} from videos v where ${REVIEW_SQL}) as "reviewOldest",
    (select count(*) from video_reports where handled_at is null)::int as "reportsCount",
    (select ${iso('min(created_at)')} from video_reports where handled_at is null) as "reportsOldest",
    (select count(*) from videos where status = 'error')::int as "failedCount",
    (select ${iso('min(updated_at)')} from videos where status = 'error') as "failedOldest",
    (select count(*) from held)::int as "heldCount",
    (select count(*) filter (where urgent) from held)::int as "heldUrgent",
    (select ${iso('min(since)')} from held) as "heldOldest",
    (select count(*) ${RELEASES_SQL})::int as "releasesCount",
    (select ${iso('min(p.requested_at)')} ${RELEASES_SQL}) as "releasesOldest"`;

const verificationColumns = `
  v.id::float8 as id, v.user_id::float8 as "userId", u.email, u.name, u.slug, v.legal_name as "legalName",
  v.stage_name as "stageName", v.status::text as status, ${iso('v.created_at')} as "createdAt"`;

export interface VerificationDetailRow extends AdminVerificationSummary {
  address: string;
  identification: string;
  identificationId: string;
  gender: string;
  dateOfBirth: string;
  age: number;
  country: string;
  reviewedAt: string | null;
  reviewedBy: number | null;
  rejectionReason: string | null;
  files: string[];
}

/** The console's reads (ADR 0015); decisions are written by the modules that own the things decided. */
export function adminRepository(pool: pg.Pool) {
  return {
    async overview(): Promise<AdminOverview> {
      const { rows } = await pool.query({ name: 'admin-overview', text: overviewSql });
      const r = rows[0]!;
      return {
        verifications: { count: r.verificationsCount, oldestAt: r.verificationsOldest },
        videosToReview: { count: r.reviewCount, oldestAt: r.reviewOldest },
        openReports: { count: r.reportsCount, oldestAt: r.reportsOldest },
        failedVideos: { count: r.failedCount, oldestAt: r.failedOldest },
        heldVideos: { count: r.heldCount, urgent: r.heldUrgent, oldestAt: r.heldOldest },
        releases: { count: r.releasesCount, oldestAt: r.releasesOldest },
      };
    },

    /** Requests in one status, oldest first (the pending queue), or newest first for decided ones. */
    async verifications(status: 'pending' | 'approved' | 'rejected', limit: number): Promise<AdminVerificationSummary[]> {
      const order = status === 'pending' ? 'v.created_at asc, v.id asc' : 'v.reviewed_at desc nulls last, v.id desc';
      const { rows } = await pool.query<AdminVerificationSummary>(
        `select ${verificationColumns} from verifications v join users u on u.id = v.user_id where v.status = $1 order by ${order} limit $2`,
        [status, limit],
      );
      return rows;
    },

    async verification(id: number): Promise<VerificationDetailRow | undefined> {
      const { rows } = await pool.query<VerificationDetailRow>(
        `select ${verificationColumns}, v.address, v.identification, v.identification_id as "identificationId", v.gender,
                v.date_of_birth::text as "dateOfBirth", v.age, v.country, ${iso('v.reviewed_at')} as "reviewedAt",
                v.reviewed_by::float8 as "reviewedBy", v.rejection_reason as "rejectionReason", v.files
         from verifications v join users u on u.id = v.user_id where v.id = $1`,
        [id],
      );
      return rows[0];
    },

    /** The audit log, newest first, by keyset on (id); optionally one target or one action. */
    async audit(filter: { targetType?: string; targetId?: number; action?: string; cursor?: string }, size: number): Promise<Page<AdminAuditEntry>> {
      const { rows } = await pool.query<AdminAuditEntry & { adminEmail: string | null; adminId: number | null }>(
        `select a.id::float8 as id, ${iso('a.created_at')} as at, a.admin_id::float8 as "adminId", u.email as "adminEmail",
                a.cli_user as "cliUser", a.action, a.target_type as "targetType", a.target_id::float8 as "targetId", a.before, a.after
         from admin_audit a left join users u on u.id = a.admin_id
         where ($1::text is null or a.target_type = $1) and ($2::bigint is null or a.target_id = $2)
           and ($3::text is null or a.action = $3) and ($4::bigint is null or a.id < $4)
         order by a.id desc limit $5`,
        [filter.targetType ?? null, filter.targetId ?? null, filter.action ?? null, decodeIdCursor(filter.cursor), size + 1],
      );
      const entries = rows.map(({ adminEmail, adminId, ...entry }) => ({ ...entry, admin: adminId === null ? null : { id: adminId, email: adminEmail ?? '' } }));
      const { rows: data, next } = keysetPage(entries, size, (last) => encodeCursor([last.id]));
      return { data, next };
    },
  };
}
