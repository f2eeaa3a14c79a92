import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as discretion from './discretion.ts';

type Store = typeof discretion;

/** The module as a page that has just opened: options read from storage, no picture shown yet. */
async function freshPage(stored?: string): Promise<Store> {
  vi.resetModules();
  if (stored !== undefined) localStorage.setItem('flick.preferenceDiscretion', stored);
  return import('./discretion.ts');
}

const nsfw = { id: 1, isNsfw: true };
const safe = { id: 2, isNsfw: false };

describe('viewer discretion options', () => {
  beforeEach(() => localStorage.clear());

  it('are all off until the viewer turns them on', async () => {
    const store = await freshPage();
    expect(store.getDiscretion()).toEqual({ blurSensitive: false, neutralTitle: false, quickExit: false });
    expect(store.isConcealed(nsfw)).toBe(false);
  });

  it('are kept on this device, so the next page opens with them', async () => {
    const first = await freshPage();
    first.setDiscretion({ blurSensitive: true });
    first.setDiscretion({ quickExit: true });
    const next = await freshPage();
    expect(next.getDiscretion()).toEqual({ blurSensitive: true, neutralTitle: false, quickExit: true });
  });

  it('read a damaged or foreign stored value as off, option by option', async () => {
    expect((await freshPage('not json')).getDiscretion()).toEqual({ blurSensitive: false, neutralTitle: false, quickExit: false });
    expect((await freshPage('[true,true,true]')).getDiscretion()).toEqual({ blurSensitive: false, neutralTitle: false, quickExit: false });
    expect((await freshPage('{"blurSensitive":"yes","neutralTitle":true,"quickExit":1}')).getDiscretion()).toEqual({
      blurSensitive: false,
      neutralTitle: true,
      quickExit: false,
    });
  });

  it('follow a change made in another tab of the app', async () => {
    const store = await freshPage();
    localStorage.setItem('flick.preferenceDiscretion', '{"blurSensitive":true}');
    window.dispatchEvent(new StorageEvent('storage', { key: 'flick.preferenceDiscretion' }));
    expect(store.getDiscretion().blurSensitive).toBe(true);
  });
});

describe('blur until tapped', () => {
  it('conceals only NSFW videos, and only with the option on', async () => {
    const store = await freshPage('{"blurSensitive":true}');
    expect(store.isConcealed(nsfw)).toBe(true);
    expect(store.isConcealed(safe)).toBe(false);
    store.setDiscretion({ blurSensitive: false });
    expect(store.isConcealed(nsfw)).toBe(false);
  });

  it('shows a tapped picture for the rest of the page, wherever that video appears, and never stores it', async () => {
    const store = await freshPage('{"blurSensitive":true}');
    store.reveal(nsfw.id);
    expect(store.isConcealed(nsfw)).toBe(false);
    expect(store.isConcealed({ id: 3, isNsfw: true })).toBe(true);
    expect(localStorage.getItem('flick.preferenceDiscretion')).toBe('{"blurSensitive":true}');

    const nextPage = await freshPage();
    expect(nextPage.isConcealed(nsfw)).toBe(true);
  });
});
