import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as quickExitModule from '../quick-exit.ts';
import { quickExit } from '../quick-exit.ts';
import { setDiscretion } from '../stores/discretion.ts';
import { DiscretionShell } from './discretion-shell.tsx';

vi.mock('../quick-exit.ts', async (original) => ({ ...(await original<typeof quickExitModule>()), quickExit: vi.fn() }));

afterEach(() => {
  act(() => setDiscretion({ blurSensitive: false, neutralTitle: false, quickExit: false }));
  vi.mocked(quickExit).mockClear();
});

function Screen({ title }: { title: string }) {
  return <title>{title}</title>;
}

const exitButton = () => screen.queryByRole('button', { name: 'Quick exit: leave for a neutral site' });

describe("the shell's discretion", () => {
  it('shows no exit control and leaves the titles alone while the options are off', () => {
    render(
      <>
        <Screen title="Discover · Flick" />
        <DiscretionShell exitUrl="https://neutral.example/" />
      </>,
    );
    expect(exitButton()).toBeNull();
    expect(document.title).toBe('Discover · Flick');
  });

  it('with "Quick exit button" on, shows the control outside the app root (a dialog makes the root inert) and leaves for the configured site', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    setDiscretion({ quickExit: true });
    render(<DiscretionShell exitUrl="https://neutral.example/" />, { container: root });
    const button = exitButton()!;
    expect(root.contains(button)).toBe(false);
    fireEvent.click(button);
    expect(quickExit).toHaveBeenCalledWith('https://neutral.example/');
    root.remove();
  });

  it('leaves on Escape pressed twice only while "Quick exit button" is on', () => {
    const view = render(<DiscretionShell exitUrl="https://neutral.example/" />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(quickExit).not.toHaveBeenCalled();

    act(() => setDiscretion({ quickExit: true }));
    view.rerender(<DiscretionShell exitUrl="https://neutral.example/" />);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(quickExit).toHaveBeenCalledWith('https://neutral.example/');

    act(() => setDiscretion({ quickExit: false }));
    expect(exitButton()).toBeNull();
  });

  it('with "Neutral tab title" on, the tab says "Flick" on every screen, and the screen\'s title comes back when it is turned off', async () => {
    const view = render(
      <>
        <Screen title="#latina · Flick" />
        <DiscretionShell exitUrl="https://neutral.example/" />
      </>,
    );
    await act(async () => setDiscretion({ neutralTitle: true }));
    expect(document.title).toBe('Flick');
    view.rerender(
      <>
        <Screen title="Mia Rose · Flick" />
        <DiscretionShell exitUrl="https://neutral.example/" />
      </>,
    );
    await act(async () => {});
    expect(document.title).toBe('Flick');
    await act(async () => setDiscretion({ neutralTitle: false }));
    expect(document.title).toBe('Mia Rose · Flick');
  });
});
