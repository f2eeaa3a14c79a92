import type { ProfileUser } from '@flick/contract';

export type SettingsEntryId = 'details' | 'gender' | 'password' | 'channel-color' | 'studio' | 'geo-blocking' | 'validation' | 'data-export' | 'delete-account';

export interface SettingsEntry {
  id: SettingsEntryId;
  label: string;
  description: string;
}

/**
 * accounts.md §2 "/account/settings": details, gender and password for everyone; channel-color for
 * channels; studio and geo-blocking for models and channels; Account validation for models and channels
 * until they are approved; Download my data and Delete account for everyone (ADR 0031).
 */
export function settingsEntries(user: Pick<ProfileUser, 'type' | 'isVerified'>): SettingsEntry[] {
  const creator = user.type !== 'user';
  const entries: SettingsEntry[] = [
    {
      id: 'details',
      label: 'Details',
      description: creator ? 'Name, username, phone and description' : 'Your name',
    },
    { id: 'gender', label: 'Gender', description: creator ? 'The category you appear in' : 'How you identify' },
    { id: 'password', label: 'Password', description: 'Change your password' },
  ];
  if (user.type === 'channel') {
    entries.push({ id: 'channel-color', label: 'Channel color', description: 'The color of your channel picture' });
  }
  if (creator) {
    entries.push({ id: 'studio', label: 'Studio', description: 'The agency that manages your account' });
    entries.push({ id: 'geo-blocking', label: 'Geo blocking', description: 'Where your content is hidden' });
  }
  if (creator && user.isVerified !== 'approved') {
    entries.push({ id: 'validation', label: 'Account validation', description: 'Verify your identity to publish' });
  }
  // A person's data is theirs (ADR 0031): for every account, last.
  entries.push({ id: 'data-export', label: 'Download my data', description: 'Everything we hold about you' });
  entries.push({ id: 'delete-account', label: 'Delete account', description: 'Remove it and your data' });
  return entries;
}
