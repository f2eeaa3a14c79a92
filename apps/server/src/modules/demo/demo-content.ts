import { MANUAL_LIVE_HOURS } from '@flick/contract';
import { runFfmpeg } from '@flick/media';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { hashPassword } from '../../lib/password.ts';
import type { UserRow } from '../../db/schema.ts';
import { userLinks } from '../users/users.schema.ts';
import { accountsRepository } from '../accounts/accounts.repository.ts';
import { linkName, linkSite } from '../users/link-site.ts';
import type { VideosService } from '../videos/videos.service.ts';

/** Demo creators and their clips (DESIGN.md "Demo content"): generated here, never downloaded. */
const creators = [
  { name: 'Luna Vega', username: 'lunavega', gender: 'f', colors: ['#ff2e88', '#2a0a4a'], description: 'Late-night shows, good music and better company.' },
  { name: 'Mia & Leo', username: 'mia_and_leo', gender: 'c', colors: ['#ff7a45', '#3a0d1f'], description: 'A couple who like an audience. Live most weekends.' },
  { name: 'Kai Storm', username: 'kaistorm', gender: 'm', colors: ['#3ab7ff', '#0b1d3a'], description: 'Gym, showers and long chats. Say hi.' },
  { name: 'Ruby Lane', username: 'rubylane', gender: 't', colors: ['#b36bff', '#1c0b33'], description: 'Sweet, loud and always on time.' },
] as const;

/** Links for the profile panel (viewer.md §2): some important, one live, so the live banner shows. */
const links: { creator: number; url: string; isLive?: boolean; isImportant?: boolean }[] = [
  { creator: 0, url: 'https://chaturbate.com/lunavega', isLive: true, isImportant: true },
  { creator: 0, url: 'https://onlyfans.com/lunavega' },
  { creator: 0, url: 'https://instagram.com/lunavega' },
  { creator: 1, url: 'https://stripchat.com/mia_and_leo', isImportant: true },
  { creator: 1, url: 'https://x.com/mia_and_leo' },
  { creator: 2, url: 'https://chaturbate.com/kaistorm' },
  { creator: 2, url: 'https://fansly.com/kaistorm', isImportant: true },
  { creator: 3, url: 'https://bongacams.com/rubylane' },
];

/** Each clip looks and sounds different, so a newcomer can tell them apart while swiping. */
const clips = [
  { creator: 0, title: 'Neon warm-up', tags: ['solo', 'neon', 'dance'], video: 'testsrc2=s={size}:r=30,hue=h=t*45', tone: 440 },
  { creator: 1, title: 'Sunday morning together', tags: ['couple', 'morning'], video: 'gradients=s={size}:r=30:speed=0.03:c0=#ff7a45:c1=#ff2e88:c2=#3a0d1f', tone: 523 },
  { creator: 2, title: 'After the gym', tags: ['fitness', 'solo'], video: 'life=s={size}:r=30:mold=10:ratio=0.15:life_color=#3ab7ff:death_color=#0b1d3a', tone: 330 },
  { creator: 3, title: 'Glitter and gold', tags: ['glam', 'solo', 'dance'], video: 'cellauto=s={size}:r=30:rule=110,hue=h=t*60:s=2', tone: 587 },
  { creator: 0, title: 'Ask me anything', tags: ['chat', 'solo'], video: 'testsrc=s={size}:r=30,hue=h=t*30:s=1.5,vignette', tone: 392 },
  { creator: 1, title: 'Date night teaser', tags: ['couple', 'teaser'], video: 'smptehdbars=s={size}:r=30,hue=h=t*90,boxblur=8', tone: 659 },
] as const;

export interface DemoOptions {
  db: Database;
  media: MediaStorage;
  videos: VideosService;
  /**
   * Says "only me" for a clip just uploaded (ADR 0029: no upload is published before its uploader says
   * who is in it). The caller brings it from the performers module, which this one may not import.
   */
  declareOnlyMe: (videoId: number) => Promise<void>;
  logger: Logger;
  /** Short clips keep tests fast; the product seeds 8 s clips. */
  clipSeconds?: number;
  size?: { width: number; height: number };
}

/** Seeds once: creators with avatars and covers, then clips that go through the real upload pipeline. */
export async function seedDemoContent({ db, media, videos, declareOnlyMe, logger, clipSeconds = 8, size = { width: 540, height: 960 } }: DemoOptions) {
  const users = accountsRepository(db);
  const work = path.join(media.uploads, `demo-${randomBytes(4).toString('hex')}`);
  await fs.mkdir(work, { recursive: true });
  try {
    const created: UserRow[] = [];
    for (const creator of creators) {
      const user = await users.insert({
        type: 'model',
        email: `${creator.username}@demo.flick.local`,
        // Nobody signs in as a demo creator: the password is random and thrown away.
        passwordHash: await hashPassword(randomBytes(24).toString('base64url')),
        name: creator.name,
        username: creator.username,
        slug: creator.username,
        gender: creator.gender,
        description: creator.description,
        isVerified: 'approved',
        emailVerifiedAt: new Date(),
      });
      const [from, to] = creator.colors;
      await still(`gradients=s=300x300:c0=${from}:c1=${to}:type=radial:seed=${user.id}`, path.join(work, 'avatar.jpg'));
      await still(`gradients=s=1000x500:c0=${to}:c1=${from}:c2=#0b0b10:seed=${user.id}`, path.join(work, 'cover.jpg'));
      await media.publishFile(`users/${user.id}/avatar.jpg`, path.join(work, 'avatar.jpg'));
      await media.publishFile(`users/${user.id}/cover.jpg`, path.join(work, 'cover.jpg'));
      created.push((await users.update(user.id, { avatar: media.urlOf(`users/${user.id}/avatar.jpg`), cover: media.urlOf(`users/${user.id}/cover.jpg`) }))!);
    }

    await db.insert(userLinks).values(
      links.map((link, position) => {
        const site = linkSite(link.url)!;
        return {
          userId: created[link.creator]!.id,
          url: link.url,
          name: linkName(site),
          site,
          // The demo creator's own 'I'm live now' (ADR 0012): it lasts its hours like anyone's.
          ...(link.isLive ? { liveSource: 'manual', liveSince: new Date(), liveUntil: new Date(Date.now() + MANUAL_LIVE_HOURS * 3_600_000) } : {}),
          isImportant: link.isImportant ?? false,
          position,
        };
      }),
    );

    for (const [i, clip] of clips.entries()) {
      const file = path.join(work, `clip-${i}.mp4`);
      await runFfmpeg([
        '-v',
        'error',
        '-y',
        '-f',
        'lavfi',
        '-i',
        clip.video.replace('{size}', `${size.width}x${size.height}`),
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${clip.tone}:beep_factor=4`,
        '-t',
        String(clipSeconds),
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '96k',
        file,
      ]);
      const owner = created[clip.creator]!;
      const { videoId } = await videos.ingest(owner, file, `${clip.title}.mp4`);
      // As the web's upload does: who is in it, then the details.
      await declareOnlyMe(videoId);
      await videos.saveDetails(owner, { videoId, title: clip.title, tags: clip.tags.join(','), is_nsfw: true });
    }
    logger.info({ creators: created.length, clips: clips.length }, 'demo content created; its clips are processing');
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function still(source: string, out: string) {
  await runFfmpeg(['-v', 'error', '-y', '-f', 'lavfi', '-i', source, '-frames:v', '1', '-q:v', '3', out]);
}
