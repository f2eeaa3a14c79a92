import type { MailMessage } from '../../lib/mailer.ts';
import { english, type Translate } from '../../lib/translators.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function layout(title: string, intro: string, button: string, link: string, outro: string) {
  return `<!doctype html><html><body style="margin:0;background:#0b0b10;font-family:Arial,Helvetica,sans-serif;color:#f4f4f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#15151d;border-radius:16px;padding:32px">
<tr><td style="font-size:24px;font-weight:bold;padding-bottom:16px">Flick</td></tr>
<tr><td style="font-size:18px;font-weight:bold;padding-bottom:8px">${escape(title)}</td></tr>
<tr><td style="font-size:15px;line-height:1.5;color:#b9b9c6;padding-bottom:24px">${escape(intro)}</td></tr>
<tr><td><a href="${escape(link)}" style="display:inline-block;background:#ff2e88;color:#fff;text-decoration:none;font-weight:bold;padding:14px 24px;border-radius:999px">${escape(button)}</a></td></tr>
<tr><td style="font-size:13px;line-height:1.5;color:#8a8a99;padding-top:24px">${escape(outro)}<br><br>${escape(link)}</td></tr>
</table></td></tr></table></body></html>`;
}

/*
 * These go to addresses nobody has confirmed yet (whoever signs up types any address), so they carry no
 * text an account chose, such as its display name (SECURITY.md: phishing text in our own mail).
 */

export function verifyEmailMessage(to: string, link: string, t: Translate = english): MailMessage {
  const intro = t('Confirm this address to finish setting up your Flick account.');
  const outro = t('The link works once and expires in 24 hours. If you did not sign up, ignore this e-mail.');
  return {
    to,
    subject: t('Confirm your e-mail address'),
    text: `${intro}\n\n${t('Open this link to confirm: {link}', { link })}\n\n${outro}\n`,
    html: layout(t('Confirm your e-mail address'), intro, t('Confirm e-mail'), link, outro),
    link,
  };
}

export function resetPasswordMessage(to: string, link: string, t: Translate = english): MailMessage {
  const intro = t('Someone asked to reset the password of your Flick account.');
  const outro = t('The link works once and expires in 1 hour. If it was not you, ignore this e-mail: your password stays as it is.');
  return {
    to,
    subject: t('Reset your password'),
    text: `${intro}\n\n${t('Open this link to choose a new password: {link}', { link })}\n\n${outro}\n`,
    html: layout(t('Reset your password'), intro, t('Choose a new password'), link, outro),
    link,
  };
}

/** Sent once when failed sign-ins start locking the account out (SECURITY.md); `link` is the forgot-password screen. */
export function signInAttemptsMessage(to: string, link: string, t: Translate = english): MailMessage {
  const intro = t('Someone tried to sign in to your Flick account with a wrong password several times, so signing in is paused for a few minutes.');
  const outro = t("If it was you, wait a few minutes and try again. If it wasn't you, reset your password.");
  return {
    to,
    subject: t('Someone tried to sign in to your account'),
    text: `${intro}\n\n${outro}\n\n${t('Reset your password here: {link}', { link })}\n`,
    html: layout(t('Someone tried to sign in to your account'), intro, t('Reset your password'), link, outro),
    link,
  };
}
