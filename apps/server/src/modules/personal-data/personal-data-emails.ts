import { EXPORT_LINK_DAYS } from '@flick/contract';
import type { MailMessage } from '../../lib/mailer.ts';
import { layout } from '../auth/auth-emails.ts';

/* Sent to the account's own, confirmed address; still no text the account chose (SECURITY.md). */

/** After a deletion is scheduled: the date, and how to keep the account. `link` is the sign-in screen. */
export function deletionScheduledMessage(to: string, date: string, link: string): MailMessage {
  const intro = `Your Flick account is scheduled for deletion on ${date}. Until then it is hidden from everyone and signed out everywhere.`;
  const outro =
    'Changed your mind? Sign in before that date and choose "Keep my account": everything comes back. If you did not ask for this, sign in and keep your account, then change your password.';
  return {
    to,
    subject: 'Your account is scheduled for deletion',
    text: `${intro}\n\n${outro}\n\nSign in here: ${link}\n`,
    html: layout('Your account is scheduled for deletion', intro, 'Keep my account', link, outro),
    link,
  };
}

/** The archive is ready: a link that works for the signed-in owner until `until`. */
export function dataExportReadyMessage(to: string, link: string, until: string): MailMessage {
  const intro = 'The archive of your Flick data is ready: everything we hold about you as JSON, with the videos and pictures you uploaded.';
  const outro = `The link works until ${until} (${EXPORT_LINK_DAYS} days), only while you are signed in to your account. After that the archive is removed; you can ask for a new one in your settings.`;
  return {
    to,
    subject: 'Your data is ready to download',
    text: `${intro}\n\nDownload it here: ${link}\n\n${outro}\n`,
    html: layout('Your data is ready to download', intro, 'Download my data', link, outro),
    link,
  };
}
