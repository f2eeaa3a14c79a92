import {
  EXPORT_INTERVAL_HOURS,
  EXPORT_LINK_DAYS,
  formatPersonalDataDate,
  personalDataMessages,
  profileImages,
  type DataExportState,
  type ProfileImageKind,
} from '@flick/contract';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import type { Logger } from 'pino';
import { ZipFile } from 'yazl';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { PrivateStorage } from '../../lib/private-storage.ts';
import { createToken, hashToken } from '../../lib/tokens.ts';
import { imageFileName, imageHash } from '../accounts/profile-images.ts';
import { dataExportReadyMessage } from './personal-data-emails.ts';
import { ACTOR_COLUMNS, isSecretColumn, personalDataRepository, VIEWER_KEY_TABLES } from './personal-data.repository.ts';
import { translatorFor } from '../../lib/translators.ts';

/** A download ticket (the browser's navigation to the file carries no bearer) lives a minute. */
const TICKET_MS = 60_000;
const ARCHIVE_NAME = 'flick-data.zip';

/** The archive's JSON: every row that names the person, by table and by the column that names them. */
export interface ExportDocument {
  generated_at: string;
  account: Record<string, unknown>;
  tables: Record<string, Record<string, Record<string, unknown>[]>>;
  uploads: { path: string; source: string }[];
  notes: string[];
}

interface ExportRow {
  id: number;
  userId: number;
  status: 'preparing' | 'ready';
  folderKey: string | null;
  sizeBytes: number | null;
  requestedAt: Date;
  expiresAt: Date | null;
}

const EXPORT_COLUMNS = `id::float8 as id, user_id::float8 as "userId", status, folder_key as "folderKey", size_bytes::float8 as "sizeBytes",
  requested_at as "requestedAt", expires_at as "expiresAt"`;

export interface DataExportDependencies {
  pool: pg.Pool;
  jobs: JobQueue;
  storage: PrivateStorage;
  media: MediaStorage;
}

/** "Download my data" (ADR 0031): one archive at a time per account, built by a job, mailed as a link that expires. */
export function dataExports({ pool, jobs, storage, media }: DataExportDependencies) {
  async function current(userId: number): Promise<ExportRow | undefined> {
    const { rows } = await pool.query<ExportRow>(`select ${EXPORT_COLUMNS} from data_exports where user_id = $1`, [userId]);
    return rows[0];
  }

  function stateOf(row: ExportRow | undefined): DataExportState {
    const next = row ? new Date(row.requestedAt.getTime() + EXPORT_INTERVAL_HOURS * 3600_000) : null;
    const ready = row?.status === 'ready' && row.expiresAt && row.expiresAt.getTime() > Date.now();
    return {
      state: !row ? 'none' : row.status === 'preparing' ? 'preparing' : ready ? 'ready' : 'none',
      requested_at: row?.requestedAt.toISOString() ?? null,
      expires_at: ready ? row.expiresAt!.toISOString() : null,
      size_bytes: ready ? row.sizeBytes : null,
      next_request_at: next && next.getTime() > Date.now() ? next.toISOString() : null,
    };
  }

  return {
    state: async (userId: number) => stateOf(await current(userId)),

    /** A new archive replaces the last one, at most once per EXPORT_INTERVAL_HOURS; never while one is being built. */
    async request(userId: number): Promise<DataExportState> {
      const before = await current(userId);
      if (before?.status === 'preparing') throw new HttpError(409, personalDataMessages.exportBusy);
      if (before && before.requestedAt.getTime() + EXPORT_INTERVAL_HOURS * 3600_000 > Date.now()) {
        throw new HttpError(429, personalDataMessages.exportTooSoon(EXPORT_INTERVAL_HOURS));
      }
      if (before?.folderKey) await storage.remove(before.folderKey);
      // The mailed token is made when the archive is ready; until then the row holds the hash of one nobody has.
      const { rows } = await pool.query<{ id: number }>(
        `insert into data_exports (user_id, token_hash) values ($1, $2)
         on conflict (user_id) do update set status = 'preparing', token_hash = excluded.token_hash, folder_key = null, size_bytes = null,
           requested_at = now(), ready_at = null, expires_at = null, ticket_hash = null, ticket_expires_at = null, mailed_at = null, failed = false
         where data_exports.status <> 'preparing'
         returning id::float8 as id`,
        [userId, hashToken(createToken())],
      );
      if (!rows[0]) throw new HttpError(409, personalDataMessages.exportBusy);
      await jobs.send('build-data-export', { exportId: rows[0].id });
      return stateOf(await current(userId));
    },

    /**
     * A one-minute address of the archive, for its signed-in owner; with the mailed link's token, only that
     * archive's (an older link finds nothing).
     */
    async link(userId: number, token: string | undefined): Promise<{ url: string }> {
      const ticket = createToken();
      const { rowCount } = await pool.query(
        `update data_exports set ticket_hash = $2, ticket_expires_at = now() + make_interval(secs => $3)
         where user_id = $1 and status = 'ready' and expires_at > now() and ($4::text is null or token_hash = $4)`,
        [userId, hashToken(ticket), TICKET_MS / 1000, token === undefined ? null : hashToken(token)],
      );
      if (!rowCount) throw new HttpError(404, personalDataMessages.exportMissing);
      return { url: `/v1/account/export/file/${ticket}` };
    },

    /** The archive for a ticket, once: the ticket is used up as the download starts. */
    async open(ticket: string): Promise<{ stream: Readable; size: number | null }> {
      const { rows } = await pool.query<{ folderKey: string; sizeBytes: number | null }>(
        `update data_exports set ticket_hash = null, ticket_expires_at = null
         where ticket_hash = $1 and ticket_expires_at > now() and status = 'ready' and expires_at > now()
         returning folder_key as "folderKey", size_bytes::float8 as "sizeBytes"`,
        [hashToken(ticket)],
      );
      const row = rows[0];
      const stream = row ? await media.private.stream(`${row.folderKey}/${ARCHIVE_NAME}`) : null;
      if (!row || !stream) throw new HttpError(404, personalDataMessages.exportMissing);
      return { stream, size: row.sizeBytes };
    },
  };
}

export type DataExports = ReturnType<typeof dataExports>;

/** Every row that names the person, found through the catalogue's foreign keys to users.id and the known others. */
export async function collectPersonalRows(pool: pg.Pool, userId: number): Promise<Pick<ExportDocument, 'account' | 'tables'>> {
  const repo = personalDataRepository(pool);
  const tables: ExportDocument['tables'] = {};
  const types = new Map<string, Map<string, string>>();
  const typesOf = async (table: string) => types.get(table) ?? types.set(table, await repo.columnTypes(table)).get(table)!;
  const clean = async (table: string, rows: Record<string, unknown>[]) => {
    const columns = await typesOf(table);
    return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([name]) => !isSecretColumn(name, columns.get(name) ?? ''))));
  };
  const put = (table: string, column: string, rows: Record<string, unknown>[]) => {
    if (rows.length > 0) (tables[table] ??= {})[column] = rows;
  };

  for (const { table, column } of await repo.userColumns()) {
    const rows = await repo.rowsWhere(table, column, userId);
    if (ACTOR_COLUMNS.has(column)) {
      // They acted on someone else's record: the row's key and the fact, not the other person's data.
      const key = await repo.primaryKey(table);
      put(
        table,
        column,
        rows.map((row) => Object.fromEntries([...key, column].map((name) => [name, row[name]]))),
      );
    } else {
      put(table, column, await clean(table, rows));
    }
  }
  for (const table of VIEWER_KEY_TABLES) put(table, 'viewer_key', await clean(table, await repo.rowsWhere(table, 'viewer_key', `u${userId}`)));
  put('video_fingerprints', 'user_id', await clean('video_fingerprints', await repo.rowsWhere('video_fingerprints', 'user_id', userId)));
  const { rows: audit } = await pool.query<{ row: Record<string, unknown> }>(
    `select to_jsonb(a) as row from admin_audit a where a.target_type = 'user' and a.target_id = $1 order by a.id`,
    [userId],
  );
  put(
    'admin_audit',
    'target_id',
    audit.map((r) => r.row),
  );
  const [account] = await clean('users', await repo.rowsWhere('users', 'id', userId));
  return { account: account ?? {}, tables };
}

export interface ExportBuildDependencies {
  pool: pg.Pool;
  media: MediaStorage;
  storage: PrivateStorage;
  mailer: Mailer;
  publicUrl: string;
  logger: Logger;
}

/** The jobs' side: builds an archive and mails its link; removes archives past their link's life. */
export function dataExportBuilder({ pool, media, storage, mailer, publicUrl, logger }: ExportBuildDependencies) {
  /** The person's own uploads: each video's original, and the largest copy of their picture and cover. */
  async function addUploads(zip: ZipFile, work: string, userId: number, account: Record<string, unknown>, uploads: ExportDocument['uploads'], notes: string[]) {
    const { rows: videos } = await pool.query<{ id: number; originalKey: string | null }>(
      `select id::float8 as id, original_key as "originalKey" from videos where user_id = $1 and status <> 'deleting' order by id`,
      [userId],
    );
    for (const video of videos) {
      const name = `uploads/videos/${video.id}${path.extname(video.originalKey ?? '') || '.mp4'}`;
      const file = path.join(work, `video-${video.id}`);
      if (video.originalKey && (await media.private.download(`originals/${path.basename(video.originalKey)}`, file))) {
        zip.addFile(file, name);
        uploads.push({ path: name, source: `video ${video.id}, as uploaded` });
      } else {
        notes.push(`Video ${video.id}: its original file is not kept any more.`);
      }
    }
    for (const kind of Object.keys(profileImages) as ProfileImageKind[]) {
      const url = typeof account[kind] === 'string' ? (account[kind] as string) : null;
      const hash = imageHash(kind, url);
      if (!hash) continue;
      const widest = Math.max(...profileImages[kind].widths);
      const data = await media.public.read(`users/${userId}/${imageFileName(kind, hash, widest)}`);
      if (!data) continue;
      const name = `uploads/pictures/${kind}.webp`;
      zip.addBuffer(data, name);
      uploads.push({ path: name, source: `${kind}, ${widest} px wide` });
    }
  }

  return {
    async build(exportId: number): Promise<void> {
      const { rows } = await pool.query<{ userId: number; email: string; locale: string | null }>(
        `select e.user_id::float8 as "userId", u.email, u.locale from data_exports e join users u on u.id = e.user_id where e.id = $1 and e.status = 'preparing'`,
        [exportId],
      );
      const found = rows[0];
      if (!found) return;
      const folder = await storage.createFolder('exports', String(exportId));
      const work = await media.workFolder('exports');
      try {
        const { account, tables } = await collectPersonalRows(pool, found.userId);
        const document: ExportDocument = { generated_at: new Date().toISOString(), account, tables, uploads: [], notes: [] };
        const zip = new ZipFile();
        const written = pipeline(zip.outputStream, createWriteStream(path.join(folder.dir, ARCHIVE_NAME)));
        await addUploads(zip, work, found.userId, account, document.uploads, document.notes);
        zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), 'data.json');
        zip.end();
        await written;
        const { size } = await fs.stat(path.join(folder.dir, ARCHIVE_NAME));
        await storage.commit(folder);
        const token = createToken();
        const { rows: ready } = await pool.query<{ expiresAt: Date }>(
          `update data_exports set status = 'ready', folder_key = $2, size_bytes = $3, token_hash = $4, ready_at = now(),
             expires_at = now() + make_interval(days => $5)
           where id = $1 and status = 'preparing' returning expires_at as "expiresAt"`,
          [exportId, folder.key, size, hashToken(token), EXPORT_LINK_DAYS],
        );
        if (!ready[0]) {
          await storage.remove(folder.key);
          return;
        }
        await mailer.send(
          dataExportReadyMessage(
            found.email,
            `${publicUrl}/account/settings/data-export?token=${token}`,
            formatPersonalDataDate(ready[0].expiresAt.toISOString()),
            await translatorFor(found.locale),
          ),
        );
        await pool.query('update data_exports set mailed_at = now() where id = $1', [exportId]);
        logger.info({ exportId, size }, 'data export ready');
      } catch (error) {
        await storage.remove(folder.key).catch(() => undefined);
        throw error;
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },

    /** After its last try: the person may ask again at once. */
    async failed(exportId: number): Promise<void> {
      await pool.query(`delete from data_exports where id = $1 and status = 'preparing'`, [exportId]);
    },

    /** Archives whose link has expired: the files, then the row. */
    async removeExpired(): Promise<number> {
      const { rows } = await pool.query<{ id: number; folderKey: string | null }>(
        `select id::float8 as id, folder_key as "folderKey" from data_exports where status = 'ready' and expires_at <= now() order by id limit 100`,
      );
      for (const row of rows) {
        if (row.folderKey) await storage.remove(row.folderKey);
        await pool.query('delete from data_exports where id = $1', [row.id]);
      }
      return rows.length;
    },
  };
}
