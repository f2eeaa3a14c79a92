import { DELETION_GRACE_DAYS, EXPORT_LINK_DAYS, VIEW_WINDOW_HOURS } from '@flick/contract';
import { SIGN_IN_BACKOFF } from '../auth/sign-in-backoff.ts';

/**
 * How long Flick keeps each kind of personal data, in one place (issue 31, ADR 0032): the retention job enforces the
 * rows it owns from here, and the privacy policy's section "How long we keep data" states each row in the
 * words `retentionSentence` writes (retention-policy.test.ts compares the two, so neither can drift).
 * Everything not named here is either an aggregate that names no one (daily views, likes, clicks,
 * impressions; the counts on videos and profiles) or part of an account, kept while the account is.
 */

export interface Period {
  amount: number;
  unit: 'hour' | 'day' | 'month' | 'year';
}

/** Who makes the period hold. */
export type Enforcer =
  /** The hourly `enforce-retention` job (retention-job.ts). */
  | 'retention job'
  /** The account deletion's purge, after its grace period. */
  | 'account deletion'
  /** The data export's expiry. */
  | 'data export'
  /** The legal records kept apart from any account. */
  | 'legal records'
  /** Whoever runs Flick: log rotation is configured outside the app (README, "Operations"). */
  | 'operator';

export interface Retention {
  /** What is kept, as the privacy policy names it. */
  data: string;
  /** How long: a period counted `from` an event, or for as long as something lasts. */
  kept: { period: Period; from: string } | { while: string };
  /** What happens at its end. */
  then: string;
  enforcedBy: Enforcer;
}

const hours = (amount: number): Period => ({ amount, unit: 'hour' });
const days = (amount: number): Period => ({ amount, unit: 'day' });

/** The stated retentions, in the order the privacy policy lists them. */
export const RETENTION = {
  account: {
    data: 'Your account and what you put in it: profile, pictures, links, videos, follows, likes, ratings, settings, sessions and push subscriptions',
    kept: { while: 'for as long as the account exists' },
    then: 'deleted as described under "Deleting your account"',
    enforcedBy: 'account deletion',
  },
  'rate-limits': {
    data: 'Request and failed sign-in counters per IP address (rate limits)',
    kept: { period: hours(24), from: 'after their time window began' },
    then: 'deleted',
    enforcedBy: 'retention job',
  },
  'sign-in-failures': {
    data: 'Failed sign-ins per e-mail address (stored only as a one-way hash)',
    kept: { period: hours(SIGN_IN_BACKOFF.forgetAfterSeconds / 3600), from: 'after the last failure' },
    then: 'deleted',
    enforcedBy: 'retention job',
  },
  'counted-views': {
    data: 'Which account, guest ID or network a video or profile view was counted for (so that it counts once)',
    kept: { period: hours(VIEW_WINDOW_HOURS), from: 'after the view' },
    then: 'deleted',
    enforcedBy: 'retention job',
  },
  'daily-bounds': {
    data: "Which account, guest ID or network clicked a link, and how many views, likes and clicks each network's guests made, per day",
    kept: { period: days(1), from: 'from the start of that day (UTC)' },
    then: 'deleted',
    enforcedBy: 'retention job',
  },
  'ad-events': {
    data: 'Ad impressions and clicks, each under a random number that names no account, guest ID or address',
    kept: { period: days(2), from: 'after the ad was shown' },
    then: 'deleted; the daily totals per ad stay',
    enforcedBy: 'retention job',
  },
  'report-addresses': {
    data: 'The IP address a report was sent from',
    kept: { period: days(30), from: 'after the report, and until it is closed' },
    then: 'cut to its network (the last part removed: /24 for IPv4, /48 for IPv6)',
    enforcedBy: 'retention job',
  },
  'report-guest-ids': {
    data: 'The guest ID a report was sent with',
    kept: { period: days(90), from: 'after the report' },
    then: 'removed from the report',
    enforcedBy: 'retention job',
  },
  'support-addresses': {
    data: 'The IP address and browser a support message was sent from',
    kept: { period: days(30), from: 'after the message' },
    then: 'the address cut to its network and the browser removed',
    enforcedBy: 'retention job',
  },
  'support-messages': {
    data: 'Support messages',
    kept: { period: { amount: 24, unit: 'month' }, from: 'after they were sent' },
    then: 'deleted',
    enforcedBy: 'retention job',
  },
  'search-identities': {
    data: 'Which account or guest ID made a search',
    kept: { period: days(90), from: 'after the search' },
    then: 'removed; the words searched for and the number of results stay, naming no one',
    enforcedBy: 'retention job',
  },
  'guest-likes': {
    data: 'Likes given with a guest ID',
    kept: { period: days(90), from: "after that guest ID's last like" },
    then: "deleted; the videos' like counts stay",
    enforcedBy: 'retention job',
  },
  'server-logs': {
    data: 'Server logs (IP addresses in them cut to their network, no guest IDs)',
    kept: { period: days(14), from: 'after they were written' },
    then: 'deleted',
    enforcedBy: 'operator',
  },
  'account-deletion': {
    data: 'An account whose deletion was asked for',
    kept: { period: days(DELETION_GRACE_DAYS), from: 'after the request (signing in and pressing "Keep my account" undoes it)' },
    then: 'deleted with everything in it, except the records below',
    enforcedBy: 'account deletion',
  },
  'data-exports': {
    data: 'A data export archive',
    kept: { period: days(EXPORT_LINK_DAYS), from: 'after it is ready (its link works that long)' },
    then: 'deleted',
    enforcedBy: 'data export',
  },
  'records-2257': {
    data: "Records of performers' identity and age (18 U.S.C. §2257)",
    kept: { period: { amount: 7, unit: 'year' }, from: 'after the content was last shown, as the law requires' },
    then: 'deleted',
    enforcedBy: 'legal records',
  },
  'legal-records': {
    data: 'Admin audit entries, reports and the decisions on them',
    kept: { while: 'for as long as the law requires' },
    then: 'deleted',
    enforcedBy: 'legal records',
  },
} as const satisfies Record<string, Retention>;

export type RetentionId = keyof typeof RETENTION;
/** The retentions the hourly job enforces. */
export type JobRetentionId = { [K in RetentionId]: (typeof RETENTION)[K]['enforcedBy'] extends 'retention job' ? K : never }[RetentionId];

/** "24 hours", "1 day": as the policy says it, and as PostgreSQL reads an interval. */
export function periodText({ amount, unit }: Period): string {
  return `${amount} ${unit}${amount === 1 ? '' : 's'}`;
}

/** A period of hours or days in milliseconds (months and years have no fixed length). */
export function periodMilliseconds({ amount, unit }: Period): number {
  if (unit === 'hour') return amount * 3_600_000;
  if (unit === 'day') return amount * 86_400_000;
  throw new Error(`${periodText({ amount, unit })} has no fixed length`);
}

/** The policy's sentence for a retention: "<data>: <how long>, then <what happens>." */
export function retentionSentence(retention: Retention): string {
  const howLong = 'period' in retention.kept ? `${periodText(retention.kept.period)} ${retention.kept.from}` : retention.kept.while;
  return `${retention.data}: ${howLong}, then ${retention.then}.`;
}
