import type { Contest } from '@flick/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Contests, excerptOf } from './contests.tsx';

const contests: Contest[] = [
  { id: 1, title: 'Summer contest', content: '<p>Win a <strong>weekend</strong> trip.</p><ul><li>Post a video</li><li>Tag it #summer</li></ul>' },
  { id: 2, title: 'Fan art', content: '<p>Draw me.</p>' },
];

describe('contests (viewer.md §2 "Contests list with a read-more modal", §3 Contest)', () => {
  it('lists each contest with its title and a plain-text excerpt', () => {
    render(<Contests contests={contests} />);
    const list = screen.getByRole('region', { name: 'Contests' });
    within(list).getByRole('heading', { name: 'Summer contest' });
    within(list).getByText('Win a weekend trip. Post a video Tag it #summer');
    expect(within(list).getAllByRole('button', { name: 'Read more' })).toHaveLength(2);
  });

  it('"Read more" opens the contest with its HTML', () => {
    render(<Contests contests={contests} />);
    fireEvent.click(screen.getAllByRole('button', { name: 'Read more' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Summer contest' });
    expect(within(dialog).getByText('weekend').tagName).toBe('STRONG');
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Post a video', 'Tag it #summer']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing without contests', () => {
    const { container } = render(<Contests contests={[]} />);
    expect(container.innerHTML).toBe('');
  });

  it('cuts a long excerpt at 120 characters', () => {
    expect(excerptOf(`<p>${'a'.repeat(200)}</p>`)).toBe(`${'a'.repeat(120)}…`);
  });
});
