import fs from 'node:fs';
import path from 'node:path';
import { deletionKeeps, deletionRemoves, VIEW_WINDOW_HOURS } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { ADDRESS_FAILURES, SIGN_IN_BACKOFF } from '../auth/sign-in-backoff.ts';
import { RETENTION_TASKS } from './retention-job.ts';
import { periodMilliseconds, periodText, RETENTION, retentionSentence, type Retention } from './retention-policy.ts';

const policyHtml = fs.readFileSync(path.join(import.meta.dirname, '../pages/content/policy.html'), 'utf8');

/** The list items of the policy's section whose heading says `heading`, as text. */
function listOf(html: string, heading: string): string[] {
  const start = html.search(new RegExp(`<h2>[^<]*${heading}</h2>`));
  if (start < 0) throw new Error(`no section "${heading}"`);
  const end = html.indexOf('<h2>', start + 4);
  const section = html.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map(([, item]) =>
    item!
      .replace(/<[^>]+>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

const retentions = Object.values(RETENTION) as Retention[];

describe('the retention policy', () => {
  it('is what the privacy policy says, entry for entry, in the same words and order, and nothing besides', () => {
    expect(listOf(policyHtml, 'How long we keep data')).toEqual(retentions.map(retentionSentence));
  });

  it('is enforced by the hourly job wherever the table says so, and the job enforces nothing the table does not state', () => {
    const owned = Object.entries(RETENTION)
      .filter(([, retention]) => retention.enforcedBy === 'retention job')
      .map(([id]) => id);
    expect(Object.keys(RETENTION_TASKS).sort()).toEqual(owned.sort());
  });

  it('keeps what a rule still needs: the view window and the sign-in backoff forget exactly when their rules do', () => {
    expect(RETENTION['counted-views'].kept.period).toEqual({ amount: VIEW_WINDOW_HOURS, unit: 'hour' });
    expect(RETENTION['sign-in-failures'].kept.period.amount * 3600).toBe(SIGN_IN_BACKOFF.forgetAfterSeconds);
    // Failed sign-ins per address are counted in rate_limits outside the plugin (whose store refuses a longer window itself).
    expect(ADDRESS_FAILURES.windowSeconds * 1000).toBeLessThanOrEqual(periodMilliseconds(RETENTION['rate-limits'].kept.period));
  });

  it('states the deletion grace period, the export link and the §2257 records as the privacy policy promises them', () => {
    expect(periodText(RETENTION['account-deletion'].kept.period)).toBe('14 days');
    expect(periodText(RETENTION['data-exports'].kept.period)).toBe('7 days');
    expect(periodText(RETENTION['records-2257'].kept.period)).toBe('7 years');
    expect(policyHtml).toContain('press "Keep my account"');
  });

  it('lists what a deletion removes and what the law keeps as the account screen does (the contract lists them)', () => {
    expect(listOf(policyHtml, 'Deleting your account')).toEqual(deletionRemoves);
    expect(listOf(policyHtml, 'What we keep after your account is deleted')).toEqual(deletionKeeps);
  });

  it('writes periods as PostgreSQL reads intervals and people read them', () => {
    expect(periodText({ amount: 1, unit: 'day' })).toBe('1 day');
    expect(periodText({ amount: 24, unit: 'month' })).toBe('24 months');
    expect(periodMilliseconds({ amount: 24, unit: 'hour' })).toBe(86_400_000);
    expect(() => periodMilliseconds({ amount: 24, unit: 'month' })).toThrow('24 months has no fixed length');
  });
});
