import fs from 'node:fs';
import { verticalClip } from './clips.ts';
import { testPicture } from './images.ts';

/*
 * An ad campaign as an admin makes it through the API (issue 16): a picture for every display slot and
 * the interstitial, and a short video for instream. Plain fetch, so scripts/bench-feed-web.ts seeds the
 * same ads as the browser tests.
 */

export const TEST_ADVERTISER_URL = 'https://advertiser.example.com/offer?src=flick';

async function adminCall(baseURL: string, token: string, pathname: string, body: BodyInit, type = 'application/json'): Promise<{ id: number }> {
  const response = await fetch(new URL(pathname, baseURL), { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': type }, body });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}: ${text}`);
  return JSON.parse(text) as { id: number };
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
  return id;
}

/** Stops the campaign, so later browser tests see no ads. */
export async function pauseAdCampaign(baseURL: string, adminToken: string, id: number) {
  await adminCall(baseURL, adminToken, `/v1/admin/ads/campaigns/${id}`, JSON.stringify({ status: 'paused' }));
}
