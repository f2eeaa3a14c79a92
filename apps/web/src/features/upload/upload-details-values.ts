import { tagProblem, TAGS_MAX, TITLE_MAX_LENGTH, videoMessages, type UploadDetailsRequest } from '@flick/contract';

/** The details form (accounts.md §5 "Upload details"). `publishAt` is a datetime-local value, 'YYYY-MM-DDTHH:mm'. */
export interface UploadDetailsValues {
  title: string;
  tags: string[];
  isNsfw: boolean;
  schedule: boolean;
  publishAt: string;
}

export type DetailsField = 'title' | 'tags' | 'publishAt';
export type DetailsErrors = Partial<Record<DetailsField, string>>;

/** NSFW is on by default (accounts.md §5). */
export const emptyUploadDetails = (): UploadDetailsValues => ({ title: '', tags: [], isNsfw: true, schedule: false, publishAt: '' });

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local value in the browser's time zone. */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value read in the browser's time zone, or null when it is not one. */
export function parseDateTimeLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(y, m - 1, d, h, min);
  return date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

/** accounts.md §5: a scheduled video needs a date ("Select a date") that is not in the past. */
export function scheduleProblem(publishAt: string, now: Date): string | null {
  const when = parseDateTimeLocal(publishAt);
  if (!when) return videoMessages.selectDate;
  if (when.getTime() < now.getTime()) return videoMessages.dateInPast;
  return null;
}

/** Every problem of the form, each under its field. */
export function detailsProblems(values: UploadDetailsValues, now: Date): DetailsErrors {
  const errors: DetailsErrors = {};
  const title = values.title.trim();
  if (!title) errors.title = videoMessages.titleRequired;
  else if (title.length > TITLE_MAX_LENGTH) errors.title = videoMessages.titleTooLong;
  if (values.schedule) {
    const problem = scheduleProblem(values.publishAt, now);
    if (problem) errors.publishAt = problem;
  }
  return errors;
}

/**
 * The request body. A scheduled date goes out as 'YYYY-MM-DD HH:mm' in the browser's zone, with
 * that zone's IANA name, so the server publishes it at the moment the creator saw.
 */
export function uploadDetailsRequest(videoId: number, values: UploadDetailsValues, timeZone: string): UploadDetailsRequest {
  const request: UploadDetailsRequest = {
    videoId,
    title: values.title.trim(),
    tags: values.tags.join(','),
    is_nsfw: values.isNsfw,
  };
  if (values.schedule) {
    request.uploadDate = values.publishAt.replace('T', ' ');
    request.uploadDateTimezone = timeZone;
  }
  return request;
}

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface TakenTags {
  tags: string[];
  /** What stays in the input: the text after the last comma, or the tag that could not be added and what followed it. */
  text: string;
  error: string | null;
}

/**
 * accounts.md §5: tags are added by Enter, comma or the Add button. Every comma-separated piece of
 * `text` becomes a tag; with `keepLast` (typing) the piece after the last comma stays in the input.
 * Adding stops at the first piece that breaks a rule, with its message.
 */
export function takeTags(existing: readonly string[], text: string, { keepLast = false } = {}): TakenTags {
  const pieces = text.split(',');
  const last = keepLast ? (pieces.pop() ?? '') : '';
  const tags = [...existing];
  for (const [index, piece] of pieces.entries()) {
    const tag = piece.trim();
    if (!tag) continue;
    const problem = tags.length >= TAGS_MAX ? videoMessages.tooManyTags : tagProblem(tag, tags);
    if (problem) {
      const left = [...pieces.slice(index + 1), ...(keepLast ? [last] : [])].filter((rest) => rest.trim() !== '');
      return { tags, text: [tag, ...left].join(','), error: problem };
    }
    tags.push(tag);
  }
  return { tags, text: last.trimStart(), error: null };
}
