import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { logSerializers } from '../apps/server/src/lib/log-errors.ts';
import { loadConfig } from '../apps/server/src/config/env.ts';
import { runningEmbeddedPostgresUrl } from '../apps/server/src/db/embedded-postgres.ts';
import { startServer } from '../apps/server/src/server.ts';

const PORT = 8297;
const PG_PORT = 54397;

/** A master playlist whose first variant playlist lists at least one segment that answers. */
async function isPlayable(masterUrl: string): Promise<boolean> {
  const master = await fetch(masterUrl);
  if (!master.ok) return false;
  const variant = (await master.text()).split('\n').find((line) => line.endsWith('.m3u8'));
  if (!variant) return false;
  const playlist = await fetch(new URL(variant, masterUrl));
  const segment = (await playlist.text()).split('\n').find((line) => line.endsWith('.ts'));
  return segment !== undefined && (await fetch(new URL(segment, playlist.url), { method: 'HEAD' })).ok;
}

/**
 * Upload-to-playable: a real server on a fresh embedded database; a verified creator uploads `clip`
 * over HTTP; the clock runs from the upload's answer (the last byte is in) until the master playlist
 * plays (segments behind it), and on until the whole ladder is approved.
 */
export async function measureUploadToPlayable(clip: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flick-bench-upload-'));
  fs.chmodSync(dataDir, 0o755);
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(PG_PORT),
    DATABASE_URL: '',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config, pino({ level: 'warn', serializers: logSerializers }));
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const post = (url: string, body: unknown) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const account = {
      type: 'model',
      name: 'Bench',
      username: 'bench_model',
      email: 'bench@example.com',
      password: 'bench-password-1',
      password_confirmation: 'bench-password-1',
      phone_number: '+15550000000',
      terms: true,
    };
    await post('/v1/register', account);
    const client = new pg.Client({ connectionString: await runningEmbeddedPostgresUrl(dataDir, PG_PORT) });
    await client.connect();
    await client.query(`update users set is_verified = 'approved'`);
    await client.end();
    const login = (await (await post('/v1/login', { email: account.email, password: account.password })).json()) as { access_token: string };
    const auth = { authorization: `Bearer ${login.access_token}` };

    const form = new FormData();
    form.append('video', await fs.openAsBlob(clip, { type: 'video/mp4' }), path.basename(clip));
    const sendStarted = performance.now();
    const upload = await fetch(`${base}/v1/videos/upload`, { method: 'POST', headers: auth, body: form });
    const answered = performance.now();
    if (upload.status !== 201) throw new Error(`upload answered ${upload.status}: ${await upload.text()}`);
    const { videoId } = (await upload.json()) as { videoId: number };

    // Playable: the listed master playlist answers and names variants whose playlists have segments
    // (while encoding, that is the early stream). Published: processing done, the video approved.
    let toPlayableSeconds: number | null = null;
    let playableWhile = '';
    for (;;) {
      const list = (await (await fetch(`${base}/v1/profile/videos`, { headers: auth })).json()) as {
        data: { id: number; status: string; playlistUrl: string | null }[];
      };
      const video = list.data.find((v) => v.id === videoId);
      if (video?.status === 'error') throw new Error('processing failed');
      if (toPlayableSeconds === null && video?.playlistUrl && (await isPlayable(`${base}${video.playlistUrl}`))) {
        toPlayableSeconds = (performance.now() - answered) / 1000;
        playableWhile = video.status;
      }
      if (video?.status === 'approved' && toPlayableSeconds !== null) break;
      if (performance.now() - answered > 600_000) throw new Error('not published after 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    if (toPlayableSeconds === null) throw new Error('published without ever being playable');
    return {
      uploadSeconds: (answered - sendStarted) / 1000,
      toPlayableSeconds,
      playableWhile,
      toPublishedSeconds: (performance.now() - answered) / 1000,
    };
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// `npm run bench:transcode` runs this after the transcode figures, on the same cached 60 s source.
if (import.meta.url === `file://${process.argv[1]}`) {
  const clip = path.join(os.tmpdir(), 'flick-bench-transcode', 'source-60s-1080x1920-30fps.mp4');
  if (!fs.existsSync(clip)) {
    console.error(`${clip} is missing: run scripts/bench-transcode.ts first (npm run bench:transcode does).`);
    process.exit(1);
  }
  const { uploadSeconds, toPlayableSeconds, playableWhile, toPublishedSeconds } = await measureUploadToPlayable(clip);
  console.log(`upload:    ${(fs.statSync(clip).size / 1e6).toFixed(1)} MB over HTTP on loopback in ${uploadSeconds.toFixed(2)} s (answer includes probe and first frame)`);
  console.log(
    `upload-to-playable: ${toPlayableSeconds.toFixed(1)} s from the upload's answer to a master playlist that plays (status then: ${playableWhile}) ` +
      `(goal <= 30 s: ${toPlayableSeconds <= 30 ? 'met' : 'NOT met'}; stretch <= 10 s: ${toPlayableSeconds <= 10 ? 'met' : 'not met'})`,
  );
  console.log(`upload-to-published: ${toPublishedSeconds.toFixed(1)} s from the upload's answer to the whole ladder approved`);
  process.exit(0);
}
