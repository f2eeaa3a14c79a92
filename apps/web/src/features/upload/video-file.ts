import { VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS, videoMessages } from '@flick/contract';
import { formatNumber } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';

const units = ['KB', 'MB', 'GB'] as const;

/** 840 KB, 24.3 MB, 1.2 GB: a file size as people read it (1 KB = 1024 bytes, like the 2 GB limit). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${formatNumber(Math.max(0, Math.round(bytes || 0)), { useGrouping: false })} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${formatNumber(rounded, { useGrouping: false })} ${units[unit]}`;
}

/**
 * What the browser can tell before sending: over 2 GB, or a file that says it is something other
 * than a video. Anything else (length, a broken file) is for the server to judge after probing.
 */
export function videoFileProblem(file: Pick<File, 'size' | 'type'>): string | null {
  if (file.size > VIDEO_MAX_BYTES) return videoMessages.tooBig;
  if (file.type && !file.type.startsWith('video/')) return videoMessages.notAVideo;
  return null;
}

/** accounts.md §9: "Upload maximum 30 minutes and 2 GB", in the reader's language. */
export const videoLimitsText = () =>
  t('Up to {minutes} minutes and {size} GB', { minutes: formatNumber(VIDEO_MAX_SECONDS / 60), size: formatNumber(VIDEO_MAX_BYTES / 1024 ** 3) });
