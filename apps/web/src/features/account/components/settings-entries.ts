import type { ProfileUser } from '@flick/contract';
import { msg } from '@flick/i18n';

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
      label: msg('Details'),
      description: creator ? msg('Name, username, phone and description') : msg('Your name'),
    },
    { id: 'gender', label: msg('Gender'), description: creator ? msg('The category you appear in') : msg('How you identify') },
    { id: 'password', label: msg('Password'), description: msg('Change your password') },
  ];
  if (user.type === 'channel') {
    entries.push({ id: 'channel-color', label: msg('Channel color'), description: msg('The color of your channel picture') });
  }
  if (creator) {
    entries.push({ id: 'studio', label: msg('Studio'), description: msg('The agency that manages your account') });
    entries.push({ id: 'geo-blocking', label: msg('Geo blocking'), description: msg('Where your content is hidden') });
  }
  if (creator && user.isVerified !== 'approved') {
    entries.push({ id: 'validation', label: msg('Account validation'), description: msg('Verify your identity to publish') });
  }
  // A person's data is theirs (ADR 0031): for every account, last.
  entries.push({ id: 'data-export', label: msg('Download my data'), description: msg('Everything we hold about you') });
  entries.push({ id: 'delete-account', label: msg('Delete account'), description: msg('Remove it and your data') });
  return entries;
}
