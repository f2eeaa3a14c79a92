import { holdMessages } from '@flick/contract';
import type { VideoFingerprint } from '@flick/media';
import type { Logger } from 'pino';
import type { MailMessage, Mailer } from '../../lib/mailer.ts';
import type { VideoHoldKind, VideoHoldsRepository } from './video-holds.repository.ts';
import { english, translatorFor, type Translate } from '../../lib/translators.ts';

/** A stored fingerprint that is near the new one (the fingerprints module's findMatches), best first. */
export interface FingerprintMatch {
  videoId: number | null;
  userId: number | null;
  fingerprintId: number;
  /** Set when the video it belongs to was taken down, removed on request or rejected. */
  removedAt: Date | null;
  ratio: number;
}

/**
 * What the transcode asks of the fingerprints module. The videos module imports no other module (ADR 0009):
 * the composition root (job-handlers.ts) passes the fingerprints service in.
 */
export interface FingerprintStore {
  store(videoId: number, userId: number, fingerprint: VideoFingerprint): Promise<unknown>;
  findMatches(fingerprint: VideoFingerprint, options: { excludeVideoId: number }): Promise<FingerprintMatch[]>;
  matchHashList(fingerprint: VideoFingerprint): Promise<{ list: string; hash: string } | null>;
}

/** The fingerprint's verdict: checked (holds placed as it matched), or the check itself failed. */
export type FingerprintVerdict = { checked: true; held: VideoHoldKind[] } | { checked: false; error: unknown };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * To the creator whose published video was uploaded again by another account. It names only their own
 * video: nothing the other account chose (SECURITY.md: no text of another account in our mail).
 */
export function copyHeldMessage(to: string, title: string, link: string, t: Translate = english): MailMessage {
  const intro = title.trim()
    ? t(
        'A video another account just uploaded to Flick matches your video “{title}”. It is held: it will not be published unless a moderator finds it is not a copy of yours.',
        {
          title: title.trim(),
        },
      )
    : t(
        'A video another account just uploaded to Flick matches one of your videos. It is held: it will not be published unless a moderator finds it is not a copy of yours.',
      );
  const outro = t('You need not do anything. If you want to tell us more, answer through the support page.');
  return {
    to,
    subject: t('A copy of your video was held'),
    text: `${intro}\n\n${t('Your video: {link}', { link })}\n\n${outro}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif"><p><b>Flick</b></p><p>${escape(intro)}</p><p><a href="${escape(link)}">${escape(t('Your video'))}</a></p><p>${escape(outro)}</p></body></html>`,
    link,
  };
}

/**
 * Compares a new upload's fingerprint with every stored one and the imported hash lists, and places the
 * holds it calls for. The transcode asks twice (ADR 0028): with the first seconds' fingerprint before
 * anything is published, and with the whole one, which it also stores, when the ladder is done. Holds:
 * - a hash-list match: 'hash-list', urgent, quarantined (the uploader reads only that it is under review);
 * - a match with removed content (anyone's, the uploader's own included): 'matches-removed';
 * - a match with another creator's published video: 'matches-published', and that creator is mailed once.
 * The uploader's own earlier video that is not removed is no reason to hold. Holds are placed least telling
 * first, so the reason the uploader reads is the most telling one (place() sets it each time).
 */
export function fingerprintCheck(deps: { fingerprints: FingerprintStore; holds: VideoHoldsRepository; mailer: Mailer; publicUrl: string; logger: Logger }) {
  const { fingerprints, holds, mailer, logger } = deps;

  async function tellOriginalCreator(videoId: number, match: { id: number; email: string; locale: string | null; title: string }) {
    try {
      await mailer.send(copyHeldMessage(match.email, match.title, `${deps.publicUrl}/video/${match.id}`, await translatorFor(match.locale)));
    } catch (error) {
      // The hold stands either way; the moderator sees the match in the queue.
      logger.error({ err: error, videoId, matchedVideoId: match.id }, 'could not tell the creator of a matched video');
    }
  }

  /**
   * Never rejects: a failure is a verdict of its own, which the transcode decides about. `store`: the
   * fingerprint is the whole upload's, and is stored (indexed) before the lookup.
   */
  return async function check(video: { id: number; userId: number }, fingerprint: VideoFingerprint, { store }: { store: boolean }): Promise<FingerprintVerdict> {
    try {
      if (store) await fingerprints.store(video.id, video.userId, fingerprint);
      return { checked: true, held: await judge(video, fingerprint) };
    } catch (error) {
      return { checked: false, error };
    }
  };

  async function judge(video: { id: number; userId: number }, fingerprint: VideoFingerprint): Promise<VideoHoldKind[]> {
    const [listed, matches] = await Promise.all([fingerprints.matchHashList(fingerprint), fingerprints.findMatches(fingerprint, { excludeVideoId: video.id })]);
    const held: VideoHoldKind[] = [];
    const alreadyOpen = new Map((await holds.open(video.id)).map((hold) => [hold.kind, hold]));

    const others = matches.filter((m) => m.removedAt === null && m.videoId !== null && m.userId !== video.userId).map((m) => m.videoId!);
    const published = (await holds.matchedVideos(others)).find((m) => m.status === 'approved' && m.userId !== video.userId);
    if (published) {
      await holds.place(video.id, { kind: 'matches-published', reason: holdMessages.matchesPublished, matchedVideoId: published.id });
      held.push('matches-published');
      // A retried job does not mail twice about the same match.
      if (alreadyOpen.get('matches-published')?.matchedVideoId !== published.id) await tellOriginalCreator(video.id, published);
    }
    const removed = matches.find((m) => m.removedAt !== null);
    if (removed) {
      await holds.place(video.id, { kind: 'matches-removed', reason: holdMessages.matchesRemoved, matchedVideoId: removed.videoId });
      held.push('matches-removed');
    }
    if (listed) {
      await holds.place(video.id, { kind: 'hash-list', reason: holdMessages.underReview, urgent: true });
      held.push('hash-list');
    }
    if (held.length > 0) logger.warn({ videoId: video.id, held, hashList: listed?.list, matches: matches.length }, 'upload held by its fingerprint');
    return held;
  }
}
