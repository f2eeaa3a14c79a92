/*
 * Flick's service worker: live notifications, nothing else (Web Push, ADR 0012). It caches nothing, so
 * the app loads exactly as it does without it. Registered only when a viewer turns live notifications on.
 */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = {};
  }
  event.waitUntil(
    self.registration.showNotification(message.title || 'Flick', {
      body: message.body || '',
      tag: message.tag,
      icon: '/apple-touch-icon.png',
      data: { url: message.url || '/' },
    }),
  );
});

/** A tap opens the creator's profile: in a Flick tab already on it, else a new one. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
