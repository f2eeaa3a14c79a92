/**
 * Profiles live at /{slug} next to the app's own routes (viewer.md §2), so a username may not take
 * the name of a route, present or planned.
 */
export const reservedHandles = new Set([
  'account', 'admin', 'api', 'assets', 'channels', 'content-blocked', 'discover', 'forgot-password', 'help',
  'join-studio', 'live', 'login', 'logout', 'page', 'register', 'removal-request', 'reset-password', 'settings', 'studio', 'studios', 'support', 'tag', 'tags',
  'upload', 'user', 'users', 'v1', 'verify-email', 'video', 'videos', 'videos-rating', 'flick', 'root', 'static',
]);

export const isReservedHandle = (handle: string) => reservedHandles.has(handle.toLowerCase());
