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
 * Upload to watchable by viewers (ADR 0018): a real server on a fresh embedded database with automatic
 * moderation (the default); a verified creator uploads `clip` over HTTP and, as the upload screen
 * asks, says who is in it and fills in the details while it processes. The clock runs from the upload's answer (the last
 * byte is in) until a guest can watch it: listed on the creator's page with a master playlist that
 * plays (segments behind it), then in the home feed too, and on until the whole ladder is done.
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
    VIDEO_MODERATION: 'auto',
  });
  const server = await startServer(config, pino({ level: 'warn', serializers: logSerializers }));
  const base = `http://127.0.0.1:${PORT}`;
  try {
    const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
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
    const {
      rows: [creator],
    } = await client.query<{ id: string }>(`update users set is_verified = 'approved' returning id`);
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
    // Publish on the upload screen: who is in it ("only me", ADR 0029), then the details, as the web sends them.
    const declared = await fetch(`${base}/v1/videos/${videoId}/performers`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify({ onlyMe: true }),
    });
    if (!declared.ok) throw new Error(`the declaration answered ${declared.status}: ${await declared.text()}`);
    const details = await post('/v1/videos/upload-details', { videoId, title: 'Bench clip', tags: 'bench', is_nsfw: false }, auth);
    if (!details.ok) throw new Error(`upload-details answered ${details.status}: ${await details.text()}`);

    type Listed = { id: number; status: string; playlistUrl: string | null; thumbnailUrl: string | null };
    const since = () => (performance.now() - answered) / 1000;
    let toCreatorSeconds: number | null = null;
    let toViewerSeconds: number | null = null;
    let toFeedSeconds: number | null = null;
    for (;;) {
      const own = (await (await fetch(`${base}/v1/profile/videos`, { headers: auth })).json()) as { data: Listed[] };
      const video = own.data.find((v) => v.id === videoId);
      if (video?.status === 'error') throw new Error('processing failed');
      if (toCreatorSeconds === null && video?.playlistUrl && (await isPlayable(`${base}${video.playlistUrl}`))) toCreatorSeconds = since();
      if (toViewerSeconds === null) {
        // A guest: no token, no guest id.
        const page = (await (await fetch(`${base}/v1/users/${creator!.id}/videos`)).json()) as { data: Listed[] };
        const listed = page.data.find((v) => v.id === videoId);
        if (listed?.playlistUrl && (await isPlayable(`${base}${listed.playlistUrl}`))) toViewerSeconds = since();
      }
      if (toFeedSeconds === null) {
        const feed = (await (await fetch(`${base}/v1/videos`)).json()) as { data: Listed[] };
        if (feed.data.some((v) => v.id === videoId)) toFeedSeconds = since();
      }
      // Done: the whole ladder, its stills with it, published.
      if (video?.status === 'approved' && video.thumbnailUrl !== null && toViewerSeconds !== null && toFeedSeconds !== null) break;
      if (since() > 600) throw new Error('not published after 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    return {
      uploadSeconds: (answered - sendStarted) / 1000,
      toCreatorSeconds: toCreatorSeconds ?? since(),
      toViewerSeconds,
      toFeedSeconds,
      toFinishedSeconds: since(),
    };
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const GOAL_WATCHABLE_SECONDS = 10;

// `npm run bench:transcode` runs this after the transcode figures, on the same cached 60 s source.
if (import.meta.url === `file://${process.argv[1]}`) {
  const clip = path.join(os.tmpdir(), 'flick-bench-transcode', 'source-60s-1080x1920-30fps.mp4');
  if (!fs.existsSync(clip)) {
    console.error(`${clip} is missing: run scripts/bench-transcode.ts first (npm run bench:transcode does).`);
    process.exit(1);
  }
  console.log(`machine:   load average ${os.loadavg()[0]!.toFixed(2)} at the start`);
  const { uploadSeconds, toCreatorSeconds, toViewerSeconds, toFeedSeconds, toFinishedSeconds } = await measureUploadToPlayable(clip);
  const s = (value: number) => `${value.toFixed(1)} s`;
  console.log(
    `upload:    ${(fs.statSync(clip).size / 1e6).toFixed(1)} MB over HTTP on loopback in ${uploadSeconds.toFixed(2)} s (answer includes probe and first frame)`,
  );
  console.log(`from the upload's answer, automatic moderation:`);
  console.log(`  playable by its creator:          ${s(toCreatorSeconds)}`);
  console.log(
    `  watchable by viewers:             ${s(toViewerSeconds!)} (a guest finds it on the creator's page and its stream plays; ` +
      `goal <= ${GOAL_WATCHABLE_SECONDS} s: ${toViewerSeconds! <= GOAL_WATCHABLE_SECONDS ? 'met' : 'NOT met'})`,
  );
  console.log(`  in a guest's home feed:           ${s(toFeedSeconds!)} (after the re-ranking it asks for)`);
  console.log(`  whole ladder done:                ${s(toFinishedSeconds)}`);
  process.exit(0);
}
