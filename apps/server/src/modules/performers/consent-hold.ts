import { performerMessages } from '@flick/contract';
import type { Database } from '../../db/client.ts';
import { requestFeedRebuild, type JobQueue } from '../../jobs/job-queue.ts';
import { noMediaDecisions, type MediaDecisions } from '../videos/media-decisions.ts';
import { videoHoldsRepository } from '../videos/video-holds.repository.ts';
import { performersRepository } from './performers.repository.ts';
import type { VideoPerformerRow } from './performers.schema.ts';

/** How a co-performer is named to the uploader: `@handle` for a creator, the release's name otherwise. */
function named(row: VideoPerformerRow, slugs: Map<number, string | null>) {
  const slug = row.userId === null ? null : slugs.get(row.userId);
  return slug ? `@${slug}` : row.displayName;
}

/**
 * What keeps a video unpublished for consent, most telling first (a withdrawal, a refusal, then those
 * still to answer), or null when every co-performer approved (or there is none).
 */
export function consentReason(rows: readonly VideoPerformerRow[], slugs: Map<number, string | null>): { reason: string; urgent: boolean } | null {
  const withdrawn = rows.find((r) => r.status === 'withdrawn');
  if (withdrawn) return { reason: performerMessages.withdrew(named(withdrawn, slugs)), urgent: true };
  const refused = rows.find((r) => r.status === 'refused');
  if (refused) {
    const reason =
      refused.kind === 'release' ? performerMessages.releaseRejected(refused.displayName, refused.reason ?? '') : performerMessages.declined(named(refused, slugs));
    return { reason, urgent: false };
  }
  const pending = rows.filter((r) => r.status === 'pending').length;
  return pending > 0 ? { reason: performerMessages.waiting(pending), urgent: false } : null;
}

/**
 * The 'co-performers' hold of a video, brought in line with its co-performers' answers: placed (which
 * unpublishes a published video) while anyone has not approved, released once all have, the video then
 * published as moderation allows, its media placed and the feed rebuilt (as the transcode job does).
 */
export function consentHold({
  db,
  jobs,
  moderation,
  media = noMediaDecisions,
}: {
  db: Database;
  jobs: JobQueue;
  moderation: 'auto' | 'manual';
  /** Takes a video's files off the public address when it is unpublished, and back when it is published (ADR 0027). */
  media?: MediaDecisions;
}) {
  const repo = performersRepository(db);
  const holds = videoHoldsRepository(db);
  return {
    async evaluate(videoId: number, by: number | null) {
      const rows = await repo.ofVideo(videoId);
      const accounts = await repo.accounts(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])));
      const waiting = consentReason(rows, new Map(accounts.map((a) => [a.id, a.slug])));
      if (waiting) {
        const open = (await holds.open(videoId)).find((h) => h.kind === 'co-performers');
        if (open?.reason === waiting.reason && open.urgent === waiting.urgent) return;
        const { unpublished } = await holds.place(videoId, { kind: 'co-performers', reason: waiting.reason, urgent: waiting.urgent });
        if (unpublished) {
          await media.withdrawn(videoId);
          await requestFeedRebuild(jobs);
        }
        return;
      }
      await holds.release(videoId, 'co-performers', by);
      const published = await holds.publishIfClear(videoId, moderation);
      if (!published) return;
      await media.published(videoId);
      if (published.detailsAt) await requestFeedRebuild(jobs, published.uploadDate);
    },
  };
}

export type ConsentHold = ReturnType<typeof consentHold>;
