import path from 'node:path';
import { DEFAULT_QUICK_EXIT_URL } from '@flick/contract';
import { z } from 'zod';

/** Thrown at start when the environment is wrong; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url({ protocol: /^https?$/ }).optional())
  .optional();

/** S3's rules for a bucket's name: 3 to 63 lower-case letters, digits, dots and hyphens. */
const bucketName = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)')
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    )
    .optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  PUBLIC_URL: optionalUrl,
  MEDIA_BASE_URL: optionalUrl,
  MEDIA_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  MEDIA_SIGNING_KEY_PREVIOUS: z.string().min(32, 'must be at least 32 characters').optional(),
  MEDIA_PURGE_URL: optionalUrl,
  MEDIA_PURGE_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SMTP_URL: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
        .optional(),
    )
    .optional(),
  MAIL_FROM: z.string().min(3).default('Flick <no-reply@flick.local>'),
  VIDEO_MODERATION: z.enum(['auto', 'manual']).default('auto'),
  WORKER: z.enum(['inline', 'off']).default('inline'),
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  LIVECAMS_URL: optionalUrl,
  WEBCAM_REVIEWS_URL: optionalUrl,
  SOCIAL_URL: optionalUrl,
  SUPPORT_EMAIL: z.email().optional(),
  HELP_DISCORD_URL: optionalUrl,
  HELP_WHATSAPP_URL: optionalUrl,
  QUICK_EXIT_URL: optionalUrl,
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(0).max(1000).default(3),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  METRICS_PUBLIC: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ALLOW_PRIVATE_FEEDS: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  ADS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  GEOIP_DATABASE: z.string().trim().optional(),
  GEO_COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
    .optional(),
  GEO_REGION_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]+$/, 'must be a header name')
    .optional(),
  CORS_ORIGIN: z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('1')
    .transform((v) => v === 'true' || v === '1'),
  AGE_ASSURANCE_ISSUER: optionalUrl,
  AGE_ASSURANCE_CLIENT_ID: z.string().trim().min(1).max(200).optional(),
  AGE_ASSURANCE_CLIENT_SECRET: z.string().min(1).optional(),
  AGE_ASSURANCE_CLAIM: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'must be a claim name')
    .default('age_over_18'),
  AGE_ASSURANCE_SCOPE: z
    .string()
    .trim()
    .regex(/^openid( [\x21\x23-\x5B\x5D-\x7E]+)*$/, 'must be scopes separated by spaces, starting with openid')
    .default('openid'),
  AGE_ASSURANCE_VALID_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  AGE_ASSURANCE_DEV_PROVIDER: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: bucketName,
  S3_PRIVATE_BUCKET: bucketName,
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0']).optional(),
});

export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // An empty variable means "unset", as in most .env files.
  const given = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if ((e.ADMIN_EMAIL === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD are set together');
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    throw new ConfigError('Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together');
  }
  if (!e.S3_BUCKET && (e.S3_PRIVATE_BUCKET || e.S3_ENDPOINT)) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: S3_ENDPOINT and S3_PRIVATE_BUCKET need S3_BUCKET');
  }
  // The app serves no media of its own once it lives in a bucket: viewers need the CDN's address.
  if (e.S3_BUCKET && !e.MEDIA_BASE_URL) {
    throw new ConfigError('Invalid configuration:\n  MEDIA_BASE_URL: required with S3_BUCKET (the CDN or bucket address that serves media/)');
  }
  if (e.MEDIA_PURGE_TOKEN && !e.MEDIA_PURGE_URL) {
    throw new ConfigError('Invalid configuration:\n  MEDIA_PURGE_TOKEN: set with MEDIA_PURGE_URL (the CDN purge endpoint it is sent to)');
  }
  if (e.METRICS_PUBLIC && e.METRICS_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PUBLIC: opens /metrics to everyone, so METRICS_TOKEN would guard nothing: set one of them');
  }
  if ((e.AGE_ASSURANCE_ISSUER === undefined) !== (e.AGE_ASSURANCE_CLIENT_ID === undefined)) {
    throw new ConfigError('Invalid configuration:\n  AGE_ASSURANCE_CLIENT_ID: AGE_ASSURANCE_ISSUER and AGE_ASSURANCE_CLIENT_ID are set together');
  }
  // A stand-in that says "over 18" to whoever clicks: never where real people are checked (ADR 0030).
  if (e.AGE_ASSURANCE_DEV_PROVIDER && e.NODE_ENV === 'production') {
    throw new ConfigError('Invalid configuration:\n  AGE_ASSURANCE_DEV_PROVIDER: the development age provider is refused when NODE_ENV=production');
  }
  if (e.AGE_ASSURANCE_DEV_PROVIDER && e.AGE_ASSURANCE_ISSUER) {
    throw new ConfigError('Invalid configuration:\n  AGE_ASSURANCE_DEV_PROVIDER: set it or AGE_ASSURANCE_ISSUER, not both');
  }
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    publicUrl: e.PUBLIC_URL,
    mediaBaseUrl: e.MEDIA_BASE_URL,
    mediaSigningKey: e.MEDIA_SIGNING_KEY,
    mediaSigningKeyPrevious: e.MEDIA_SIGNING_KEY_PREVIOUS,
    // ADR 0027: a CDN told to forget a video's files on every decision that withdraws it (a job, retried).
    mediaPurge: e.MEDIA_PURGE_URL ? { url: e.MEDIA_PURGE_URL, token: e.MEDIA_PURGE_TOKEN } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    videoModeration: e.VIDEO_MODERATION,
    worker: e.WORKER,
    transcodeConcurrency: e.TRANSCODE_CONCURRENCY,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    links: {
      livecamsUrl: e.LIVECAMS_URL ?? null,
      webcamReviewsUrl: e.WEBCAM_REVIEWS_URL ?? null,
      socialUrl: e.SOCIAL_URL ?? null,
      supportEmail: e.SUPPORT_EMAIL ?? null,
      discordUrl: e.HELP_DISCORD_URL ?? null,
      whatsappUrl: e.HELP_WHATSAPP_URL ?? null,
      // Issue 31: where a viewer's quick exit leaves for.
      quickExitUrl: e.QUICK_EXIT_URL ?? DEFAULT_QUICK_EXIT_URL,
    },
    trustProxy: e.TRUST_PROXY,
    reportHideThreshold: e.REPORT_HIDE_THRESHOLD,
    ads: e.ADS,
    // Closed unless a token is set or it is opened on purpose: a reverse proxy on the same machine makes
    // every visitor look local (SECURITY.md).
    metrics: { token: e.METRICS_TOKEN, public: e.METRICS_PUBLIC },
    workerMetricsPort: e.WORKER_METRICS_PORT,
    // Status feeds and VAST tags (an admin's URLs) on this machine or a private network: tests, or a
    // deployment whose own status feed is inside its network. Push endpoints (a browser's word) never.
    allowPrivateFeeds: e.ALLOW_PRIVATE_FEEDS || e.NODE_ENV === 'test',
    // Proxy headers are believed only behind a trusted proxy: otherwise any client could claim a country.
    geolocation: {
      database: e.GEOIP_DATABASE,
      watch: e.GEOIP_DATABASE !== undefined,
      countryHeader: e.TRUST_PROXY ? e.GEO_COUNTRY_HEADER : undefined,
      regionHeader: e.TRUST_PROXY ? e.GEO_REGION_HEADER : undefined,
    },
    // ADR 0030: an OpenID provider that answers "over 18" (code + PKCE), or the development stand-in.
    ageAssurance: {
      provider: e.AGE_ASSURANCE_ISSUER
        ? { kind: 'configured' as const, issuer: e.AGE_ASSURANCE_ISSUER, clientId: e.AGE_ASSURANCE_CLIENT_ID!, clientSecret: e.AGE_ASSURANCE_CLIENT_SECRET }
        : e.AGE_ASSURANCE_DEV_PROVIDER
          ? { kind: 'development' as const }
          : undefined,
      claim: e.AGE_ASSURANCE_CLAIM,
      scope: e.AGE_ASSURANCE_SCOPE,
      validDays: e.AGE_ASSURANCE_VALID_DAYS,
    },
    corsOrigin: e.CORS_ORIGIN,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          // Identity documents and originals: a bucket of their own, or the same one under private/.
          privateBucket: e.S3_PRIVATE_BUCKET ?? e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          credentials: e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY } : undefined,
          // MinIO, Ceph and most S3 servers behind an endpoint want /bucket/key; AWS itself does not.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' || e.S3_FORCE_PATH_STYLE === '1' : e.S3_ENDPOINT !== undefined,
        }
      : undefined,
    webDistDir: path.resolve(import.meta.dirname, '../../../web/dist'),
  };
}
