import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getDiscretion, setDiscretion } from '../stores/discretion.ts';
import { DiscretionOptions } from './discretion-options.tsx';

afterEach(() => setDiscretion({ blurSensitive: false, neutralTitle: false, quickExit: false }));

describe('the discretion options', () => {
  it('offer the three options, each off at first', () => {
    render(<DiscretionOptions />);
    for (const name of ['Blur sensitive thumbnails', 'Neutral tab title', 'Quick exit button']) {
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(false);
    }
  });

  it('apply and keep each one on this device as it is ticked, and leave the others alone', () => {
    render(<DiscretionOptions />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Blur sensitive thumbnails' }));
    expect(getDiscretion()).toEqual({ blurSensitive: true, neutralTitle: false, quickExit: false });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Quick exit button' }));
    expect(JSON.parse(localStorage.getItem('flick.preferenceDiscretion')!)).toEqual({ blurSensitive: true, neutralTitle: false, quickExit: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Blur sensitive thumbnails' }));
    expect(getDiscretion()).toEqual({ blurSensitive: false, neutralTitle: false, quickExit: true });
    expect((screen.getByRole('checkbox', { name: 'Quick exit button' }) as HTMLInputElement).checked).toBe(true);
  });
});
