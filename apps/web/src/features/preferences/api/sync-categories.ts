import type { Category } from '@flick/contract';
import { getProfile } from '../../session/api/get-profile.ts';
import { updateProfile } from '../../session/api/update-profile.ts';
import { setCategories } from '../stores/feed-preferences.ts';

/**
 * The categories a viewer chose at sign-up (or on another device) follow their account: once signed
 * in, the account's preference becomes this browser's (viewer.md §3 keeps them locally; §7 GET and
 * POST /profile/preference keep them with the account). A failure only leaves the local choice.
 */
export async function adoptAccountCategories(): Promise<void> {
  try {
    const profile = await getProfile();
    if (profile.preference.length > 0) setCategories(profile.preference);
  } catch (error) {
    console.warn('Could not read the account preferences', error);
  }
}

/** Saves a category change with the signed-in account too, so the next device starts with it. */
export async function saveAccountCategories(next: readonly Category[]): Promise<void> {
  try {
    await updateProfile({ preference: [...next] });
  } catch (error) {
    console.warn('Could not save the categories with the account', error);
  }
}
