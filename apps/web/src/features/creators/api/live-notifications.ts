import { pushKeyResponseSchema } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';

/** Live notifications on this device (Web Push): what the browser allows and what this device chose. */
export type LiveNotificationsState = 'unsupported' | 'denied' | 'off' | 'on';

const SERVICE_WORKER = '/sw.js';

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return registration ? registration.pushManager.getSubscription() : null;
}

export async function liveNotificationsState(): Promise<LiveNotificationsState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return (await currentSubscription()) ? 'on' : 'off';
}

/** The server's VAPID key as PushManager wants it (base64url to bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Asks the browser's permission, registers the service worker, subscribes, and gives the server the subscription. */
export async function turnLiveNotificationsOn(): Promise<LiveNotificationsState> {
  if (!pushSupported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return Notification.permission === 'denied' ? 'denied' : 'off';
  await navigator.serviceWorker.register(SERVICE_WORKER, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = pushKeyResponseSchema.parse(await api.get<unknown>('/push/key', { auth: false }));
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await api.post('/push/subscriptions', subscription.toJSON());
  return 'on';
}

export async function turnLiveNotificationsOff(): Promise<LiveNotificationsState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await api.delete('/push/subscriptions', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return 'off';
}
