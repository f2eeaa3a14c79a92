import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { admin } from './admin.ts';
import type { Account } from './feed-seed.ts';
import { testPicture } from './images.ts';

/*
 * Setup for the admin console's browser tests (ADR 0015): an admin account, an identity verification
 * sent the way the verification form sends it, and what the home feed lists.
 */

const clientAddress = () => `2001:db8:ad::${randomBytes(2).toString('hex')}`;

/** An admin made by the operator's command, signed in through the API. */
export async function createAdmin(baseURL: string): Promise<Account> {
  const email = `admin-${randomBytes(4).toString('hex')}@flick.example.com`;
  const password = 'admin-pass-123';
  admin('admin:create', email, password);
  const response = await fetch(new URL('/v1/login', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`admin login answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { access_token: string; user: { id: number } };
  return { id: body.user.id, type: 'user', token: body.access_token, slug: '', email, password };
}

/** POST /v1/profile/verification as the creator: legal details and the four images. */
export async function submitVerification(baseURL: string, creator: Account, details: { legalName: string; stageName: string }) {
  const form = new FormData();
  const fields = {
    legal_name: details.legalName,
    address: '1 Main Street, Springfield',
    identification: 'passport',
    identification_id: 'X1234567',
    gender: 'f',
    date_of_birth: '1995-04-12',
    age: '31',
    country: 'US',
    stage_name: details.stageName,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const picture = (name: string) => new Blob([fs.readFileSync(testPicture(name, 480, 640))], { type: 'image/jpeg' });
  form.append('front_picture_id', picture('id-front'), 'front.jpg');
  form.append('back_picture_id', picture('id-back'), 'back.jpg');
  form.append('face_picture_id', picture('id-face'), 'face.jpg');
  form.append('signature', picture('id-signature'), 'signature.jpg');
  const response = await fetch(new URL('/v1/profile/verification', baseURL), {
    method: 'POST',
    headers: { authorization: `Bearer ${creator.token}`, 'x-forwarded-for': clientAddress() },
    body: form,
  });
  if (response.status !== 201) throw new Error(`verification answered ${response.status}: ${await response.text()}`);
}

/** Every video id the home feed lists to a guest, page by page. */
export async function homeFeedIds(baseURL: string): Promise<number[]> {
  const ids: number[] = [];
  let next: string | null = '/v1/videos?gender=f,c,m';
  for (let pages = 0; next && pages < 30; pages += 1) {
    const response = await fetch(new URL(next, baseURL));
    const body = (await response.json()) as { data: { id: number }[]; links: { next: string | null } };
    ids.push(...body.data.map((video) => video.id));
    next = body.links.next;
  }
  return ids;
}

/** A guest's report of a video (POST /v1/report-video). */
export async function reportVideo(baseURL: string, videoId: number, reason: string, message: string) {
  const response = await fetch(new URL('/v1/report-video', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientAddress() },
    body: JSON.stringify({ video_id: videoId, email: `reporter-${randomBytes(2).toString('hex')}@example.com`, reason, message, guest_id: crypto.randomUUID() }),
  });
  if (response.status >= 300) throw new Error(`report-video answered ${response.status}: ${await response.text()}`);
}
