import { LIVE_NOTIFY_HOURS, liveMessages, type PushSubscriptionInput } from '@flick/contract';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import webpush from 'web-push';
import { HttpError } from '../../lib/http-error.ts';
import { isPublicAddress, requestPublic } from '../../lib/public-fetch.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID keys (RFC 8292), made on the first start and kept in DATA_DIR/private/vapid.json
 * (owner-only). A browser's subscription is bound to the public key, so they must never change; instances
 * that share a DATA_DIR share them, and two starting at once keep the first one's.
 */
export async function vapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, 'private', 'vapid.json');
  const read = async () => JSON.parse(await fs.readFile(file, 'utf8')) as VapidKeys;
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const keys = webpush.generateVAPIDKeys();
  try {
    await fs.writeFile(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
}

/** Who runs the server, as push services ask (a mailto: or https: URL): the support address, else an https public URL. */
export function vapidSubject(supportEmail: string | null, publicUrl: string | undefined): string {
  if (supportEmail) return `mailto:${supportEmail}`;
  if (publicUrl?.startsWith('https://')) return publicUrl;
  return 'mailto:webmaster@localhost';
}

/**
 * Sends one Web Push message: web-push encrypts it (RFC 8291) and signs the request (VAPID); fetch
 * delivers it, within a time limit. A refusal carries the push service's status (404 and 410: gone).
 */
async function sendPush(subscription: webpush.PushSubscription, payload: string, options: webpush.RequestOptions, allowInternal: boolean): Promise<void> {
  const request = webpush.generateRequestDetails(subscription, payload, options);
  // The endpoint is the browser's word: sent only to a public address, and never after a redirect.
  const response = await requestPublic(request.endpoint, {
    method: 'POST',
    headers: request.headers as Record<string, string>,
    body: request.body ? new Uint8Array(request.body) : undefined,
    timeoutMs: 10_000,
    maxBytes: 64 * 1024,
    allowInternal,
  });
  if (!response.ok) throw Object.assign(new Error(`the push service answered HTTP ${response.status}`), { statusCode: response.status });
}

/** Notifications go out this many at a time. */
const SEND_CONCURRENCY = 10;

/**
 * Web Push for live status (ADR 0012): a signed-in viewer's browsers subscribe; when a creator
 * goes live, every subscription of their followers gets one message, at most once per creator per
 * LIVE_NOTIFY_HOURS. A subscription the push service says is gone (404, 410) is removed.
 */
export function liveNotifier({
  pool,
  logger,
  keys,
  subject,
  allowHttpEndpoints = false,
}: {
  pool: pg.Pool;
  logger: Logger;
  keys: VapidKeys;
  /** Who runs the server, for the push services: a mailto: or https: URL. */
  subject: string;
  /** Only tests, whose push service is a local server: real push services are HTTPS. */
  allowHttpEndpoints?: boolean;
}) {
  return {
    publicKey: keys.publicKey,

    async subscribe(userId: number, subscription: PushSubscriptionInput) {
      const endpoint = new URL(subscription.endpoint);
      const literal = endpoint.hostname.replace(/^\[|\]$/g, '');
      const internal = !allowHttpEndpoints && net.isIP(literal) !== 0 && !isPublicAddress(literal);
      if (internal || (endpoint.protocol !== 'https:' && !(allowHttpEndpoints && endpoint.protocol === 'http:'))) {
        throw new HttpError(422, liveMessages.badPushEndpoint);
      }
      // An endpoint stays with its account: only the same browser (its very keys, the auth secret included)
      // signing in as someone else moves it to them. One statement, so two posts cannot both pass.
      const { rowCount } = await pool.query(
        `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)
         on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
         where push_subscriptions.user_id = excluded.user_id
            or (push_subscriptions.p256dh = excluded.p256dh and push_subscriptions.auth = excluded.auth)`,
        [userId, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
      );
      if (rowCount === 0) throw new HttpError(409, liveMessages.pushEndpointTaken);
    },

    async unsubscribe(userId: number, endpoint: string) {
      await pool.query('delete from push_subscriptions where user_id = $1 and endpoint = $2', [userId, endpoint]);
    },

    /** Tells the followers of a creator who went live; null when they were told within LIVE_NOTIFY_HOURS. */
    async notify(creatorId: number): Promise<{ sent: number; removed: number; failed: number } | null> {
      const gate = await pool.query(
        `insert into live_notifications (creator_id, notified_at) values ($1, now())
         on conflict (creator_id) do update set notified_at = now()
         where live_notifications.notified_at < now() - make_interval(hours => $2)
         returning creator_id`,
        [creatorId, LIVE_NOTIFY_HOURS],
      );
      if (gate.rowCount === 0) return null;
      const { rows: creators } = await pool.query<{ name: string; slug: string | null; avatar: string | null }>('select name, slug, avatar from users where id = $1', [
        creatorId,
      ]);
      const creator = creators[0];
      if (!creator) return null;
      const { rows: subscriptions } = await pool.query<{ id: number; endpoint: string; p256dh: string; auth: string }>(
        `select s.id::float8 as id, s.endpoint, s.p256dh, s.auth
         from follows f join push_subscriptions s on s.user_id = f.follower_id
         where f.model_id = $1
           -- Neither a creator nor a follower whose account waits to be deleted (ADR 0031): hidden, and signed out.
           and not exists (select 1 from account_deletions d where d.user_id in (f.model_id, f.follower_id))`,
        [creatorId],
      );
      const payload = JSON.stringify({
        title: `${creator.name} is live`,
        body: 'Live now: tap to join the show.',
        url: `/${creator.slug ?? creatorId}`,
        tag: `live-${creatorId}`,
      });
      const result = { sent: 0, removed: 0, failed: 0 };
      const gone: number[] = [];
      for (let i = 0; i < subscriptions.length; i += SEND_CONCURRENCY) {
        await Promise.all(
          subscriptions.slice(i, i + SEND_CONCURRENCY).map(async (s) => {
            try {
              await sendPush(
                { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
                payload,
                {
                  vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
                  TTL: 60 * 60,
                },
                allowHttpEndpoints,
              );
              result.sent += 1;
            } catch (error) {
              const status = (error as { statusCode?: number }).statusCode;
              if (status === 404 || status === 410) gone.push(s.id);
              else {
                result.failed += 1;
                logger.warn({ err: error, status }, 'a live notification was not delivered');
              }
            }
          }),
        );
      }
      if (gone.length > 0) {
        await pool.query('delete from push_subscriptions where id = any($1::bigint[])', [gone]);
        result.removed = gone.length;
      }
      logger.info({ creatorId, ...result }, 'followers told of a live creator');
      return result;
    },
  };
}

export type LiveNotifier = ReturnType<typeof liveNotifier>;
