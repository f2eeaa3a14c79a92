import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { LogOutIcon } from '../../../components/ui/icons.tsx';
import { holdNeutralTitle } from '../neutral-title.ts';
import { listenForEscapeTwice, quickExit } from '../quick-exit.ts';
import { useDiscretion } from '../stores/discretion.ts';

/**
 * The shell's part of viewer discretion (issue 31): the neutral tab title and the quick exit, each
 * while the viewer has it on. Loaded with the shell's overlays, after the first paint.
 */
export function DiscretionShell({ exitUrl }: { exitUrl: string }) {
  const { neutralTitle, quickExit: exitOn } = useDiscretion();

  useEffect(() => (neutralTitle ? holdNeutralTitle() : undefined), [neutralTitle]);
  useEffect(() => (exitOn ? listenForEscapeTwice(() => quickExit(exitUrl)) : undefined), [exitOn, exitUrl]);

  return exitOn ? <QuickExitButton url={exitUrl} /> : null;
}

/**
 * Always reachable: outside the app's root, so an open dialog (which makes the root inert) does not
 * hold it, and above every layer. On a phone it sits at the right of the top bar; on the feed, whose
 * own buttons are there, under them at the right edge, clear of the title row, the unmute hint and
 * the actions. On wide screens, in the top right corner.
 */
function QuickExitButton({ url }: { url: string }) {
  return createPortal(
    <button
      type="button"
      aria-label="Quick exit: leave for a neutral site"
      onClick={() => quickExit(url)}
      className="fixed top-[calc(env(safe-area-inset-top)+0.5rem)] right-2 z-[80] flex h-10 items-center gap-1.5 rounded-full border border-white/15 bg-black/55 pr-3.5 pl-3 text-sm font-bold text-white shadow-float backdrop-blur-xl transition-transform active:scale-95 lg:top-4 lg:right-4 [body:has(.feed-screen)_&]:top-[calc(env(safe-area-inset-top)+6.75rem)] lg:[body:has(.feed-screen)_&]:top-4"
    >
      <LogOutIcon width="18" height="18" />
      Exit
    </button>,
    document.body,
  );
}
