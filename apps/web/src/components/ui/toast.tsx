import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { AlertIcon, CheckIcon } from './icons.tsx';
import { t } from '../../lib/i18n.ts';

/** viewer.md §9: a toast shows for 1.5 to 3 seconds. */
export const TOAST_MIN_MS = 1500;
export const TOAST_MAX_MS = 3000;
export const TOAST_DEFAULT_MS = 2500;

export type ToastTone = 'success' | 'error';
export interface ToastOptions {
  duration?: number;
  tone?: ToastTone;
}
interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
}

export function clampToastDuration(duration: number = TOAST_DEFAULT_MS): number {
  if (!Number.isFinite(duration)) return TOAST_DEFAULT_MS;
  return Math.min(TOAST_MAX_MS, Math.max(TOAST_MIN_MS, duration));
}

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  emit(items.filter((item) => item.id !== id));
}

/** Shows a short message; callable from anywhere, also outside React. Returns the toast id. */
export function toast(message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  emit([...items.slice(-2), { id, message, tone: options.tone ?? 'success' }]);
  setTimeout(() => dismissToast(id), clampToastDuration(options.duration));
  return id;
}

export function useToast(): typeof toast {
  return toast;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const getItems = () => items;

/**
 * Renders the toasts. Mounted once by the app shell, in a portal so that an open dialog (which makes
 * the page behind it inert) does not silence the announcements.
 */
export function ToastProvider() {
  const current = useSyncExternalStore(subscribe, getItems, getItems);
  return createPortal(
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-[calc(env(safe-area-inset-top)+4rem)] z-[60] flex flex-col items-center gap-2 px-4 lg:top-6"
    >
      {current.map((item) => (
        <div
          key={item.id}
          className="pointer-events-auto flex max-w-md animate-pop-in items-center gap-3 rounded-2xl border border-line-strong bg-surface-2/95 py-3 pr-5 pl-3.5 text-sm font-medium text-fg shadow-float backdrop-blur-xl"
        >
          <span className={`grid size-7 flex-none place-items-center rounded-full ${item.tone === 'error' ? 'bg-danger/15 text-danger' : 'bg-success/15 text-success'}`}>
            {item.tone === 'error' ? <AlertIcon width="18" height="18" /> : <CheckIcon width="18" height="18" />}
          </span>
          {t(item.message)}
        </div>
      ))}
    </div>,
    document.body,
  );
}
