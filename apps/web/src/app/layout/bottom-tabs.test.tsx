import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getSelectedTags, setSelectedTagList } from '../../features/preferences/stores/feed-preferences.ts';
import { browser } from '../../lib/browser.ts';
import { mockApi, renderApp } from '../../testing/render-app.tsx';

async function renderAt(path: string) {
  mockApi();
  const view = renderApp(path);
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  return { ...view, nav };
}

describe('bottom tabs (viewer.md §2 app shell)', () => {
  it('offers Home, Discover, Upload, Channels and Account', async () => {
    const { nav } = await renderAt('/');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Home', 'Discover', 'Upload', 'Channels', 'Account']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/', '/discover', '/upload', '/channels', '/account']);
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
  });

  it.each(['Discover', 'Upload', 'Channels', 'Account'])('clears the stored tag selection when %s is pressed', async (name) => {
    setSelectedTagList([
      { id: 3, name: 'blonde' },
      { id: 14, name: 'dance' },
    ]);
    const { nav } = await renderAt('/');
    fireEvent.click(within(nav).getByRole('link', { name }));
    expect(getSelectedTags()).toEqual([]);
    expect(localStorage.getItem('flick.preferenceSelectedTags')).toBeNull();
  });

  it('keeps the tag selection when Home is pressed', async () => {
    setSelectedTagList([{ id: 3, name: 'blonde' }]);
    const { nav } = await renderAt('/support');
    fireEvent.click(within(nav).getByRole('link', { name: 'Home' }));
    expect(getSelectedTags()).toEqual([3]);
  });

  it('reloads the page when Home is pressed on the home feed', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const { nav, router } = await renderAt('/');
    fireEvent.click(within(nav).getByRole('link', { name: 'Home' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/');
  });

  it('navigates home without a reload from another screen', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    const { nav, router } = await renderAt('/page/faq');
    fireEvent.click(within(nav).getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { name: 'No videos yet' });
    expect(reload).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });
});
