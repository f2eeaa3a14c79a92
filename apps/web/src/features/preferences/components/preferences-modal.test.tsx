import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getDiscretion, setDiscretion } from '../stores/discretion.ts';
import { PreferencesModal } from './preferences-modal.tsx';

afterEach(() => setDiscretion({ blurSensitive: false, neutralTitle: false, quickExit: false }));

describe("the feed's preferences", () => {
  it('hold the discretion options too, where a guest reaches them (issue 31)', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <PreferencesModal open onClose={() => {}} />
      </QueryClientProvider>,
    );
    const section = within(screen.getByRole('region', { name: 'Discretion on this device' }));
    fireEvent.click(section.getByRole('checkbox', { name: 'Neutral tab title' }));
    expect(getDiscretion().neutralTitle).toBe(true);
    section.getByRole('checkbox', { name: 'Blur sensitive thumbnails' });
    section.getByRole('checkbox', { name: 'Quick exit button' });
  });
});
