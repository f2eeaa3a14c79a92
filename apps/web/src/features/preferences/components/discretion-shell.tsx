import { useEffect } from 'react';
import { createPortal } from 'react-dom';
import { LogOutIcon } from '../../../components/ui/icons.tsx';
import { setNeutralTitle } from '../neutral-title.ts';
import { listenForEscapeTwice, quickExit } from '../quick-exit.ts';
import { useDiscretion } from '../stores/discretion.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * The shell's part of viewer discretion (issue 31): the neutral tab title and the quick exit, each
 * while the viewer has it on. Loaded with the shell's overlays, after the first paint.
 */
export function DiscretionShell({ exitUrl }: { exitUrl: string }) {
  const { neutralTitle, quickExit: exitOn } = useDiscretion();

  useEffect(() => setNeutralTitle(neutralTitle), [neutralTitle]);
  useEffect(() => (exitOn ? listenForEscapeTwice(() => quickExit(exitUrl)) : undefined), [exitOn, exitUrl]);

  return exitOn ? <QuickExitButton url={exitUrl} /> : null;
}

/**
 * Where the exit sits, clear of every control at 390x844 and wider. On a phone's screen: the right of
 * the top bar; on the feed, whose own buttons are there, under them at the right edge, clear of the
 * title row, the unmute hint and the actions. On a wide screen: the foot of the navigation rail, which
 * nothing else uses. While a dialog is open (it makes the app's root inert): a round icon at the top
 * centre, which sheets, the side menu, the player and the ads all leave free.
 */
const placement = [
  'fixed top-[calc(env(safe-area-inset-top)+0.5rem)] right-2 lg:top-auto lg:right-auto lg:bottom-6 lg:left-6',
  '[body:has(.feed-screen)_&]:top-[calc(env(safe-area-inset-top)+6.75rem)] lg:[body:has(.feed-screen)_&]:top-auto',
  '[html:has(#root[inert])_&]:top-[calc(env(safe-area-inset-top)+0.5rem)] [html:has(#root[inert])_&]:bottom-auto [html:has(#root[inert])_&]:right-auto [html:has(#root[inert])_&]:left-1/2 [html:has(#root[inert])_&]:w-10 [html:has(#root[inert])_&]:-translate-x-1/2 [html:has(#root[inert])_&]:justify-center [html:has(#root[inert])_&]:px-0',
].join(' ');

/**
 * Always reachable: outside the app's root, so an open dialog (which makes the root inert) does not
 * hold it, and above every layer.
 */
function QuickExitButton({ url }: { url: string }) {
  return createPortal(
    <button
      type="button"
      aria-label={t('Quick exit: leave for a neutral site')}
      onClick={() => quickExit(url)}
      className={`${placement} z-[80] flex h-10 items-center gap-1.5 rounded-full border border-white/15 bg-black/55 pr-3.5 pl-3 text-sm font-bold text-white shadow-float backdrop-blur-xl transition-transform active:scale-95`}
    >
      <LogOutIcon width="18" height="18" className="flex-none" />
      <span className="[html:has(#root[inert])_&]:hidden">{t('Exit')}</span>
    </button>,
    document.body,
  );
}
