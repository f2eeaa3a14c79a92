import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BottomSheet } from './bottom-sheet.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { Modal } from './modal.tsx';

function ModalHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Share
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Share video" description="Copy the link.">
        <button type="button">Copy link</button>
      </Modal>
    </>
  );
}

function openHarness() {
  render(<ModalHarness />);
  const opener = screen.getByRole('button', { name: 'Share' });
  opener.focus();
  fireEvent.click(opener);
  return opener;
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes the focus and locks the page scroll', () => {
    openHarness();
    const dialog = screen.getByRole('dialog', { name: 'Share video' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.documentElement.classList.contains('overflow-hidden')).toBe(true);
  });

  it('closes on Escape and gives the focus back', () => {
    const opener = openHarness();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(document.documentElement.classList.contains('overflow-hidden')).toBe(false);
  });

  it('keeps Tab inside the dialog', () => {
    openHarness();
    const close = screen.getByRole('button', { name: 'Close' });
    const copy = screen.getByRole('button', { name: 'Copy link' });
    copy.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(copy);
  });
});

describe('ConfirmDialog', () => {
  it('asks with a title and text, focuses Cancel first and confirms on request', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <ConfirmDialog
        open
        title="Leave studio"
        text="Are you sure you want to leave the studio?"
        confirmLabel="Delete"
        destructive
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = screen.getByRole('alertdialog', { name: 'Leave studio' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    screen.getByText('Are you sure you want to leave the studio?');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

describe('BottomSheet', () => {
  it('is a labelled dialog that closes from its close button', () => {
    const onClose = vi.fn();
    render(
      <BottomSheet open onClose={onClose} title="Add Country">
        <p>Pick a country</p>
      </BottomSheet>,
    );
    screen.getByRole('dialog', { name: 'Add Country' });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
