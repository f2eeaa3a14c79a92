import { EXPORT_LINK_DAYS } from '@flick/contract';
import type { MailMessage } from '../../lib/mailer.ts';
import { english, type Translate } from '../../lib/translators.ts';
import { layout } from '../auth/auth-emails.ts';

/* Sent to the account's own, confirmed address; still no text the account chose (SECURITY.md). */

/** After a deletion is scheduled: the date, and how to keep the account. `link` is the sign-in screen. */
export function deletionScheduledMessage(to: string, date: string, link: string, t: Translate = english): MailMessage {
  const intro = t('Your Flick account is scheduled for deletion on {date}. Until then it is hidden from everyone and signed out everywhere.', { date });
  const outro = t(
    'Changed your mind? Sign in before that date and choose "Keep my account": everything comes back. If you did not ask for this, sign in and keep your account, then change your password.',
  );
  return {
    to,
    subject: t('Your account is scheduled for deletion'),
    text: `${intro}\n\n${outro}\n\n${t('Sign in here: {link}', { link })}\n`,
    html: layout(t('Your account is scheduled for deletion'), intro, t('Keep my account'), link, outro),
    link,
  };
}

/** The archive is ready: a link that works for the signed-in owner until `until`. */
export function dataExportReadyMessage(to: string, link: string, until: string, t: Translate = english): MailMessage {
  const intro = t('The archive of your Flick data is ready: everything we hold about you as JSON, with the videos and pictures you uploaded.');
  const outro = t(
    'The link works until {until} ({days} days), only while you are signed in to your account. After that the archive is removed; you can ask for a new one in your settings.',
    { until, days: EXPORT_LINK_DAYS },
  );
  return {
    to,
    subject: t('Your data is ready to download'),
    text: `${intro}\n\n${t('Download it here: {link}', { link })}\n\n${outro}\n`,
    html: layout(t('Your data is ready to download'), intro, t('Download my data'), link, outro),
    link,
  };
}
