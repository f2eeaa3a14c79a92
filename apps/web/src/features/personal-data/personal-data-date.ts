import { formatPersonalDataDate } from '@flick/contract';
import { formatDate } from '../../lib/format.ts';
import { currentLocale } from '../../lib/i18n.ts';

/*
 * Dates on the personal data screens, in the reader's language. English keeps the spec's British dates
 * ("12 December 2026", as the server's messages and mails say them); another language says its own.
 */

/** A day (UTC, the day the server counts in): "12 December 2026". */
export const personalDataDay = (iso: string) =>
  currentLocale() === 'en' ? formatPersonalDataDate(iso) : formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A moment: "29 Nov 2026, 11:00". */
export const personalDataMoment = (iso: string) =>
  currentLocale() === 'en'
    ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })
    : formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
