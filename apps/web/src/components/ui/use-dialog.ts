import { useEffect, useId, useRef, type RefObject } from 'react';

/**
 * What every modal surface here shares (dialog, bottom sheet, side menu): focus moves in on open and
 * back to where it was on close, Tab stays inside, Escape closes the topmost one, the page behind is
 * inert and does not scroll.
 */
const FOCUSABLE = 'a[href],button:not([disabled]),input:not([disabled]),textarea:not([disabled]),select:not([disabled]),[tabindex]:not([tabindex="-1"])';

const openStack: string[] = [];

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

function setBackgroundLocked(locked: boolean): void {
  document.documentElement.classList.toggle('overflow-hidden', locked);
  document.getElementById('root')?.toggleAttribute('inert', locked);
}

export function useDialog(panelRef: RefObject<HTMLElement | null>, onClose: () => void): void {
  const id = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const returnFocusTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openStack.push(id);
    setBackgroundLocked(true);
    (panel.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(panel)[0] ?? panel).focus();

    function onKeyDown(event: KeyboardEvent) {
      if (openStack.at(-1) !== id || !panel) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(panel);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
      } else if (event.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    }

    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      openStack.splice(openStack.indexOf(id), 1);
      if (openStack.length === 0) setBackgroundLocked(false);
      if (returnFocusTo?.isConnected) returnFocusTo.focus();
    };
  }, [id, panelRef]);
}
