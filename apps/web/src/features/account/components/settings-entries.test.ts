import { describe, expect, it } from 'vitest';
import { settingsEntries } from './settings-entries.ts';

/** Download my data and Delete account, last for every account (ADR 0031). */
const personalData = ['data-export', 'delete-account'];
const ids = (...args: Parameters<typeof settingsEntries>) => settingsEntries(...args).map((entry) => entry.id);

describe('settings entries by account type (accounts.md §2)', () => {
  it('gives a user details, gender and password, and their data and deletion', () => {
    expect(ids({ type: 'user', isVerified: 'none' })).toEqual(['details', 'gender', 'password', ...personalData]);
  });

  it('adds Studio, Geo blocking and Account validation for a model that is not approved', () => {
    expect(ids({ type: 'model', isVerified: 'none' })).toEqual(['details', 'gender', 'password', 'studio', 'geo-blocking', 'validation', ...personalData]);
    expect(ids({ type: 'model', isVerified: 'pending' })).toContain('validation');
    expect(ids({ type: 'model', isVerified: 'rejected' })).toContain('validation');
  });

  it('adds channel-color, Studio, Geo blocking and Account validation for a channel', () => {
    expect(ids({ type: 'channel', isVerified: 'none' })).toEqual([
      'details',
      'gender',
      'password',
      'channel-color',
      'studio',
      'geo-blocking',
      'validation',
      ...personalData,
    ]);
  });

  it('removes Account validation once approved', () => {
    expect(ids({ type: 'model', isVerified: 'approved' })).toEqual(['details', 'gender', 'password', 'studio', 'geo-blocking', ...personalData]);
    expect(ids({ type: 'channel', isVerified: 'approved' })).toEqual(['details', 'gender', 'password', 'channel-color', 'studio', 'geo-blocking', ...personalData]);
  });
});
