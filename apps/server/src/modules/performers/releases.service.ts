import {
  adminMessages,
  ageOn,
  CONSENT_TEXT,
  CONSENT_TEXT_VERSION,
  performerMessages,
  type AdminRelease,
  type AdminReleaseSummary,
  type DepictedPerson,
  type PerformerStatus,
  type VideoRecord,
} from '@flick/contract';
import path from 'node:path';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { PrivateStorage } from '../../lib/private-storage.ts';
import type { ConsentHold } from './consent-hold.ts';
import { performersRepository } from './performers.repository.ts';
import { releaseFileName } from './release-upload.ts';
import { releasesRepository } from './releases.repository.ts';

const imageTypes: Record<string, string> = { '.jpg': 'image/jpeg', '.png': 'image/png' };
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The admin console's side of co-performer releases (ADR 0029): the review queue, the ID images (to admins
 * only), approve or reject with the record, a withdrawal the person asked for, and the §2257 records.
 */
export function releasesService({ db, storage, hold }: { db: Database; storage: PrivateStorage; hold: ConsentHold }) {
  const repo = releasesRepository(db);
  const performers = performersRepository(db);

  type Found = NonNullable<Awaited<ReturnType<typeof repo.find>>>;
  const summary = ({ performer, video, uploader }: Found): AdminReleaseSummary => ({
    id: performer.id,
    videoId: video.id,
    videoTitle: video.title,
    videoStatus: video.status,
    uploader,
    legalName: performer.legalName ?? '',
    stageNames: performer.stageNames ?? [],
    status: performer.status,
    createdAt: performer.requestedAt.toISOString(),
  });

  async function release(id: number): Promise<AdminRelease> {
    const found = await repo.find(id);
    if (!found) throw new HttpError(404, performerMessages.releaseNotFound);
    const p = found.performer;
    return {
      ...summary(found),
      dateOfBirth: p.dateOfBirth ?? '',
      filmedOn: p.filmedOn ?? '',
      ageAtFilming: p.dateOfBirth && p.filmedOn ? ageOn(p.dateOfBirth, new Date(`${p.filmedOn}T00:00:00Z`)) : 0,
      identification: p.identification ?? '',
      identificationId: p.identificationId ?? '',
      country: p.country ?? '',
      consent: {
        filming: p.consentFilming ?? false,
        publication: p.consentPublication ?? false,
        signatureName: p.signatureName ?? '',
        signedOn: p.signedOn ?? '',
        textVersion: p.consentVersion ?? '',
        text: p.consentVersion === CONSENT_TEXT_VERSION ? CONSENT_TEXT : null,
      },
      reviewedAt: iso(p.reviewedAt),
      reviewedBy: p.reviewedBy,
      reason: p.reason,
      withdrawnAt: iso(p.withdrawnAt),
      files: (p.files ?? []).map((key, i) => ({ name: releaseFileName(key), url: `/v1/admin/performer-releases/${id}/files/${i}` })),
    };
  }

  return {
    list: async (status: PerformerStatus) => (await repo.list(status)).map(summary),

    release,

    /** An ID image of a release, read by the key stored with it: the client gives only its number. */
    async file(id: number, index: number): Promise<{ data: Buffer; type: string }> {
      const found = await repo.find(id);
      const key = found?.performer.files?.[index];
      if (!key) throw new HttpError(404, adminMessages.fileNotFound);
      const data = await storage.read(key).catch(() => null);
      if (!data) throw new HttpError(404, adminMessages.fileNotFound);
      return { data, type: imageTypes[path.extname(key).toLowerCase()] ?? 'application/octet-stream' };
    },

    /** Approve (the video may publish once everyone has) or reject with the reason the uploader reads; 409 once decided. */
    async decide(admin: UserRow, id: number, decision: 'approved' | 'rejected', reason: string | undefined) {
      const before = await repo.find(id);
      if (!before) throw new HttpError(404, performerMessages.releaseNotFound);
      const row = await repo.review(id, decision === 'approved' ? 'approved' : 'refused', admin.id, decision === 'rejected' ? (reason ?? null) : null);
      if (!row) throw new HttpError(409, adminMessages.alreadyDecided((await repo.find(id))?.performer.status ?? 'decided'));
      await hold.evaluate(row.videoId, admin.id);
      return release(id);
    },

    /**
     * The person in a release asked (in writing) to withdraw their consent: the video is unpublished at once
     * (its hold, urgent, purges the media) and an urgent removal request lands in the reports.
     */
    async withdraw(admin: UserRow, id: number, reason: string, clientIp: string) {
      const before = await repo.find(id);
      if (!before) throw new HttpError(404, performerMessages.releaseNotFound);
      const row = await repo.withdraw(id, admin.id, reason);
      if (!row) throw new HttpError(409, performerMessages.cannotDecide(before.performer.status));
      await performers.removalRequest({
        videoId: row.videoId,
        userId: admin.id,
        email: admin.email,
        message: `${row.legalName ?? row.displayName} (co-performer release #${row.id}) withdrew their consent to appear in this video: ${reason}`,
        clientIp,
      });
      await hold.evaluate(row.videoId, admin.id);
      return release(id);
    },

    /** For an inspection (§2257): each video with everyone depicted in it and the record of their age, identity and consent. */
    async videoRecords(filter: { userId?: number; videoId?: number }): Promise<VideoRecord[]> {
      const videos = await repo.recordVideos(filter);
      const people = await repo.performersOf(videos.map((v) => v.id));
      const accountIds = [...new Set([...videos.map((v) => v.userId), ...people.flatMap((p) => (p.userId === null ? [] : [p.userId]))])];
      const verified = new Map((await repo.verificationsOf(accountIds)).map((v) => [v.userId, v]));
      const reviewers = await repo.reviewerEmails([...new Set(people.flatMap((p) => (p.reviewedBy === null ? [] : [p.reviewedBy])))]);
      const account = (userId: number | null, role: 'uploader' | 'creator', consentStatus: string, consentAt: Date | null): DepictedPerson => {
        const record = userId === null ? undefined : verified.get(userId);
        return {
          role,
          userId,
          legalName: record?.legalName ?? null,
          stageNames: record ? [record.stageName] : [],
          dateOfBirth: record?.dateOfBirth ?? null,
          identification: record?.identification ?? null,
          identificationId: record?.identificationId ?? null,
          recordStatus: record?.status ?? 'none',
          consentStatus,
          consentAt: iso(consentAt),
          consentVersion: null,
          checkedAt: iso(record?.reviewedAt ?? null),
          checkedBy: record?.reviewedBy ?? null,
        };
      };
      return videos.map((video) => ({
        videoId: video.id,
        title: video.title,
        status: video.status,
        uploadedAt: video.createdAt.toISOString(),
        people: [
          account(video.userId, 'uploader', 'uploaded', video.createdAt),
          ...people
            .filter((p) => p.videoId === video.id)
            .map((p): DepictedPerson => {
              if (p.kind === 'creator') return account(p.userId, 'creator', p.status, p.decidedAt);
              return {
                role: 'release',
                userId: null,
                legalName: p.legalName,
                stageNames: p.stageNames ?? [],
                dateOfBirth: p.dateOfBirth,
                identification: p.identification,
                identificationId: p.identificationId,
                recordStatus: p.status === 'refused' ? 'rejected' : p.status,
                consentStatus: p.status === 'withdrawn' ? 'withdrawn' : p.consentFilming && p.consentPublication ? 'signed' : 'missing',
                consentAt: p.signedOn,
                consentVersion: p.consentVersion,
                checkedAt: iso(p.reviewedAt),
                checkedBy: p.reviewedBy === null ? null : (reviewers.get(p.reviewedBy) ?? null),
              };
            }),
        ],
      }));
    },
  };
}

export type ReleasesService = ReturnType<typeof releasesService>;
