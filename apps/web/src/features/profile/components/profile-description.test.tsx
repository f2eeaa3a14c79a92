import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ProfileDescription } from './profile-description.tsx';

/** A viewport this many pixels wide: `(min-width: Npx)` matches from N up. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width >= Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? Infinity),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

const description = 'Evening shows, mostly.\nFind me on the links below. '.repeat(8).trim();
const cut = (length: number) => `${description.slice(0, length).trimEnd()}…`;
const paragraph = () => screen.getByText((_, element) => element?.tagName === 'P');

describe('profile description (viewer.md §2 collapsible, §9 truncation)', () => {
  it.each([
    [375, 30],
    [700, 100],
    [1200, 200],
  ])('at %i px wide shows the first %i characters and "more"', (width, length) => {
    viewport(width);
    render(<ProfileDescription text={description} />);
    expect(paragraph().firstChild?.textContent).toBe(cut(length));
    expect(screen.getByRole('button', { name: 'more' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('"more" shows all of it with its line breaks, "less" cuts it again', () => {
    viewport(375);
    render(<ProfileDescription text={description} />);
    fireEvent.click(screen.getByRole('button', { name: 'more' }));
    expect(paragraph().firstChild?.textContent).toBe(description);
    expect(paragraph().className).toContain('whitespace-pre-line');
    const less = screen.getByRole('button', { name: 'less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(less);
    expect(paragraph().firstChild?.textContent).toBe(cut(30));
  });

  it('has no toggle when the text fits', () => {
    viewport(375);
    render(<ProfileDescription text="Evening shows." />);
    screen.getByText('Evening shows.');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows nothing without a description', () => {
    viewport(1200);
    const { container, rerender } = render(<ProfileDescription text={null} />);
    expect(container.innerHTML).toBe('');
    rerender(<ProfileDescription text={'  \n '} />);
    expect(container.innerHTML).toBe('');
  });
});
