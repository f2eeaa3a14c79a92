import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, publicProfileOf, signIn } from '../../../testing/accounts.ts';
import { fullConfig, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';

const user = profileUser();

function openHelp(config: Record<string, string | boolean | null> = fullConfig) {
  mockApi({
    'GET /v1/config': () => json(config),
    'GET /v1/profile': () => json({ user }),
    [`GET /v1/users/${user.id}`]: () => json({ data: publicProfileOf(user) }),
    'GET /v1/profile/videos': () => json({ data: [], links: { next: null } }),
  });
  signIn(user);
  initializeApp();
  return renderApp('/account/help');
}

describe('/account/help (accounts.md §2 Help)', () => {
  it('offers the Discord community, a WhatsApp message and e-mail support, each with its button, and the support form', async () => {
    openHelp();
    await findScreenHeading('Help');
    const list = await screen.findByRole('list', { name: 'Ways to get help' });
    await within(list).findByText('Discord community');
    expect(within(list).getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('https://discord.example/flick');
    expect(within(list).getByRole('link', { name: 'Message' }).getAttribute('href')).toBe('https://wa.example/15550001111');
    expect(within(list).getByRole('link', { name: 'E-mail' }).getAttribute('href')).toBe('mailto:support@flick.test');
    expect(within(list).getByRole('link', { name: 'Open' }).getAttribute('href')).toBe('/support');
  });

  it('leaves out an entry whose setting is not configured, and keeps the support form', async () => {
    openHelp({ ...fullConfig, discordUrl: null, whatsappUrl: null, supportEmail: null });
    await findScreenHeading('Help');
    const list = await screen.findByRole('list', { name: 'Ways to get help' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    within(list).getByText('Support form');
  });

  it("is reached from the creator's own profile by the Help button", async () => {
    mockApi({
      'GET /v1/config': () => json(fullConfig),
      'GET /v1/profile': () => json({ user }),
      [`GET /v1/users/${user.id}`]: () => json({ data: publicProfileOf(user) }),
      'GET /v1/profile/videos': () => json({ data: [], links: { next: null } }),
    });
    signIn(user);
    initializeApp();
    renderApp('/account');
    await findScreenHeading('Mia Rose');
    expect((await screen.findByRole('link', { name: 'Help' })).getAttribute('href')).toBe('/account/help');
  });
});
