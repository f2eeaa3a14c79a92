import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { holdNeutralTitle, NEUTRAL_TITLE, neutralTitleFromTheStart, setNeutralTitle } from './neutral-title.ts';
import { setDiscretion } from './stores/discretion.ts';

/** A screen as the app's screens are: it renders its own <title>, which React puts in <head>. */
function ScreenWithTitle({ title }: { title: string }) {
  return (
    <main>
      <title>{title}</title>
    </main>
  );
}

/** Settles the mutation observer's callback (a microtask). */
const settled = () => act(async () => {});

describe('neutral tab title', () => {
  it('says only "Flick" while held, whatever title the screen renders, then or later', async () => {
    const view = render(<ScreenWithTitle title="#latina · Flick" />);
    expect(document.title).toBe('#latina · Flick');

    const release = holdNeutralTitle();
    await settled();
    expect(NEUTRAL_TITLE).toBe('Flick');
    expect(document.title).toBe('Flick');

    view.rerender(<ScreenWithTitle title="Mia Rose · Flick" />);
    await settled();
    expect(document.title).toBe('Flick');

    // A new screen mounting its own <title> (React puts it first in <head>).
    view.unmount();
    render(<ScreenWithTitle title="Discover · Flick" />);
    await settled();
    expect(document.title).toBe('Flick');
    release();
  });

  it("gives the tab back to the screen's own title when let go, without having touched React's elements", async () => {
    const view = render(<ScreenWithTitle title="Rate videos · Flick" />);
    const release = holdNeutralTitle();
    view.rerender(<ScreenWithTitle title="Rated videos · Flick" />);
    await settled();
    expect(document.title).toBe('Flick');

    release();
    expect(document.title).toBe('Rated videos · Flick');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
  });

  it('starts with the app when the viewer has it on, before any screen renders its title, and is held once however often it is asked for', async () => {
    setDiscretion({ neutralTitle: true });
    neutralTitleFromTheStart();
    setNeutralTitle(true);
    render(<ScreenWithTitle title="#latina · Flick" />);
    await settled();
    expect(document.title).toBe('Flick');
    expect(document.head.querySelectorAll('title[data-neutral-title]')).toHaveLength(1);

    setNeutralTitle(false);
    setDiscretion({ neutralTitle: false });
    expect(document.title).toBe('#latina · Flick');
    neutralTitleFromTheStart();
    expect(document.title).toBe('#latina · Flick');
  });
});
