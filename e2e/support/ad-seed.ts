import fs from 'node:fs';
import { verticalClip } from './clips.ts';
import { testPicture } from './images.ts';

/*
 * An ad campaign as an admin makes it through the API (ADR 0016): a picture for every display slot and
 * the interstitial, and a short video for instream. Plain fetch, so scripts/bench-feed-web.ts seeds the
 * same ads as the browser tests.
 */

export const TEST_ADVERTISER_URL = 'https://advertiser.example.com/offer?src=flick';

interface Campaign {
  id: number;
  creatives: { kind: string; state: string }[];
}

async function adminCall(baseURL: string, token: string, pathname: string, body?: BodyInit, type = 'application/json'): Promise<Campaign> {
  const response = await fetch(new URL(pathname, baseURL), {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': type }) },
    body,
  });
  const text = await response.text();
  // A video creative is taken with 202: a job makes it (ADR 0016).
  if (response.status !== 200 && response.status !== 202) throw new Error(`${pathname} answered ${response.status}: ${text}`);
  return JSON.parse(text) as Campaign;
}

/** Waits for the campaign's video to be made, so the ads serve it. */
async function videoReady(baseURL: string, token: string, id: number) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const video = (await adminCall(baseURL, token, `/v1/admin/ads/campaigns/${id}`)).creatives.find((creative) => creative.kind === 'video');
    if (video?.state === 'ready') return;
    if (video?.state === 'failed' || Date.now() > deadline) throw new Error(`the ad video is ${video?.state ?? 'missing'}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A running campaign with every kind of creative; its id. */
export async function seedAdCampaign(baseURL: string, adminToken: string, name: string): Promise<number> {
  const { id } = await adminCall(baseURL, adminToken, '/v1/admin/ads/campaigns', JSON.stringify({ advertiser: 'Acme Cams', name }));
  const click = encodeURIComponent(TEST_ADVERTISER_URL);
  for (const [placement, width, height] of [
    ['right-panel-top', 600, 500],
    ['right-panel-middle', 600, 500],
    ['right-panel-bottom', 600, 500],
    ['sidebar', 600, 500],
    ['interstitial', 1600, 900],
  ] as const) {
    const picture = fs.readFileSync(testPicture(`ad-${width}x${height}`, width, height));
    await adminCall(baseURL, adminToken, `/v1/admin/ads/campaigns/${id}/creatives?placement=${placement}&click_url=${click}`, picture, 'image/jpeg');
  }
  const video = fs.readFileSync(verticalClip({ name: 'flick-e2e-ad-clip.mp4', seconds: 8 }));
  await adminCall(baseURL, adminToken, `/v1/admin/ads/campaigns/${id}/creatives?click_url=${click}`, video, 'video/mp4');
  await videoReady(baseURL, adminToken, id);
  // An admin's edit makes the instance read its running ads at once, rather than within 10 s.
  await adminCall(baseURL, adminToken, `/v1/admin/ads/campaigns/${id}`, JSON.stringify({ weight: 100 }));
  return id;
}

/** Stops the campaign, so later browser tests see no ads. */
export async function pauseAdCampaign(baseURL: string, adminToken: string, id: number) {
  await adminCall(baseURL, adminToken, `/v1/admin/ads/campaigns/${id}`, JSON.stringify({ status: 'paused' }));
}
