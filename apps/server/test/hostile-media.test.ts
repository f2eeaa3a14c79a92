import { videoMessages as m } from '@flick/contract';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clip } from './helpers/clips.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ownVideos, upload, uploadAlone, verifiedModel, waitForVideo } from './helpers/videos.ts';

let t: TestApp;
let scratch: string;
beforeAll(async () => {
  t = await createTestApp();
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-hostile-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(scratch, { recursive: true, force: true });
});

/** A DASH manifest whose one representation is the file at `baseUrl`: 0.5 KB that ffmpeg would play as that video. */
const dashManifest = (baseUrl: string) => `<?xml version="1.0"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT2S" minBufferTime="PT1S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
<Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="100000"><BaseURL>${baseUrl}</BaseURL><SegmentBase/></Representation></AdaptationSet></Period>
</MPD>
`;
const hlsPlaylist = (segment: string) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n${segment}\n#EXT-X-ENDLIST\n`;

/** Writes `content` as `innocent.mp4` in a folder of its own, for the upload helper (which sends the file's name). */
async function innocent(content: string): Promise<string> {
  const file = path.join(await fs.mkdtemp(path.join(scratch, 'upload-')), 'innocent.mp4');
  await fs.writeFile(file, content);
  return file;
}

const count = async (dir: string) => (await fs.readdir(path.join(t.dataDir, dir)).catch(() => [])).length;

describe("an upload that names another creator's private original", () => {
  let victimOriginal: string;
  beforeAll(async () => {
    const victim = await verifiedModel(t);
    const { videoId } = (await uploadAlone(t, victim.auth, clip('vertical'))).json() as { videoId: number };
    await waitForVideo(t, victim.auth, videoId, (v) => v.status === 'approved' || v.status === 'error');
    victimOriginal = path.join(t.dataDir, 'private', 'originals', `${videoId}.mp4`);
    // The original is there to be read: what the attack needs.
    await fs.access(victimOriginal);
  });

  it.each([
    ['a DASH manifest with a file: BaseURL', () => dashManifest(pathToFileURL(victimOriginal).href)],
    // From DATA_DIR/uploads/<name>, where an upload is probed.
    ['a DASH manifest with a relative BaseURL', () => dashManifest(`../private/originals/${path.basename(victimOriginal)}`)],
    ['an HLS playlist with a file: segment', () => hlsPlaylist(pathToFileURL(victimOriginal).href)],
  ])(`refuses %s named innocent.mp4: "${m.notAVideo}", and nothing is kept or published`, async (_, manifest) => {
    const attacker = await verifiedModel(t);
    const before = { media: await count('media/videos'), originals: await count('private/originals'), uploads: await count('uploads') };

    const res = await upload(t, attacker.auth, await innocent(manifest()));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: m.notAVideo, errors: { video: [m.notAVideo] } });

    expect(await ownVideos(t, attacker.auth)).toEqual([]);
    const rows = await t.pool.query('select count(*)::int as n from videos where user_id = $1', [attacker.id]);
    expect(rows.rows[0].n).toBe(0);
    expect({ media: await count('media/videos'), originals: await count('private/originals'), uploads: await count('uploads') }).toEqual(before);
    const guestList = await t.app.inject({ method: 'GET', url: `/v1/users/${attacker.id}/videos` });
    expect((guestList.json() as { data: unknown[] }).data).toEqual([]);
  });
});
