import { liveMessages } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useEffect, useState } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { BroadcastIcon } from '../../../components/ui/icons.tsx';
import { liveNotificationsState, turnLiveNotificationsOff, turnLiveNotificationsOn, type LiveNotificationsState } from '../api/live-notifications.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * The opt-in of live notifications (ADR 0012): where the browser allows Web Push, a button that asks
 * its permission and subscribes this device; nothing where it cannot.
 */
export function LiveNotificationsButton({ className = '' }: { className?: string }) {
  const [state, setState] = useState<LiveNotificationsState | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    liveNotificationsState().then(
      (found) => current && setState(found),
      () => current && setState('unsupported'),
    );
    return () => {
      current = false;
    };
  }, []);

  if (state === null || state === 'unsupported') return null;
  if (state === 'denied') {
    return <p className={`text-sm text-muted ${className}`}>{t("Notifications are blocked for Flick in this browser's settings.")}</p>;
  }

  const change = async () => {
    setBusy(true);
    try {
      const next = state === 'on' ? await turnLiveNotificationsOff() : await turnLiveNotificationsOn();
      setState(next);
      if (next === 'on') toast(liveMessages.notificationsOn);
      if (next === 'off' && state === 'on') toast(liveMessages.notificationsOff);
    } catch (error) {
      console.warn('Live notifications could not be changed.', error);
      toast(msg('Live notifications could not be turned on here. Try again later.'), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <button type="button" aria-pressed={state === 'on'} disabled={busy} onClick={() => void change()} className={`btn btn-secondary ${className}`}>
      <BroadcastIcon width="18" height="18" />
      {state === 'on' ? t('Live notifications on') : t('Notify me when they go live')}
    </button>
  );
}
