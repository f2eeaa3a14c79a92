import { TAGS_MAX, videoMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { detailsProblems, emptyUploadDetails, parseDateTimeLocal, scheduleProblem, takeTags, toDateTimeLocal, uploadDetailsRequest } from './upload-details-values.ts';

const now = new Date(2030, 4, 10, 12, 0, 30);

describe('takeTags (accounts.md §5)', () => {
  it('adds a tag, trimmed', () => {
    expect(takeTags([], ' dance ')).toEqual({ tags: ['dance'], text: '', error: null });
  });

  it('rejects a tag with a space: "Tags cannot have spaces."', () => {
    expect(takeTags([], 'hot girl')).toEqual({ tags: [], text: 'hot girl', error: videoMessages.tagNoSpaces });
  });

  it('rejects a tag with #: "Tags cannot have #."', () => {
    expect(takeTags([], '#dance').error).toBe(videoMessages.tagNoHash);
  });

  it('rejects a one-letter tag: "Tag must be at least 2 characters long"', () => {
    expect(takeTags([], 'a').error).toBe(videoMessages.tagTooShort);
  });

  it('rejects a tag added twice, in any case: "Cannot add the same tag twice"', () => {
    expect(takeTags(['Dance'], 'dance')).toEqual({ tags: ['Dance'], text: 'dance', error: videoMessages.tagDuplicate });
  });

  it(`stops at ${TAGS_MAX} tags`, () => {
    const full = Array.from({ length: TAGS_MAX }, (_, index) => `tag${index}`);
    expect(takeTags(full, 'one-more').error).toBe(videoMessages.tooManyTags);
  });

  it('adds every comma-separated piece, and keeps what follows the last comma while typing', () => {
    expect(takeTags(['solo'], 'dance,shower, fun', { keepLast: true })).toEqual({ tags: ['solo', 'dance', 'shower'], text: 'fun', error: null });
    expect(takeTags([], 'dance,,shower,')).toEqual({ tags: ['dance', 'shower'], text: '', error: null });
  });

  it('stops at the first piece that breaks a rule and leaves it, with what followed, in the input', () => {
    expect(takeTags([], 'dance,a,shower,', { keepLast: true })).toEqual({ tags: ['dance'], text: 'a,shower', error: videoMessages.tagTooShort });
  });
});

describe('schedule (accounts.md §5)', () => {
  it('needs a date: "Select a date"', () => {
    expect(scheduleProblem('', now)).toBe(videoMessages.selectDate);
    expect(scheduleProblem('2030-02-31T10:00', now)).toBe(videoMessages.selectDate);
  });

  it('refuses a moment already gone: "Selected date is in the past"', () => {
    expect(scheduleProblem('2030-05-10T11:59', now)).toBe(videoMessages.dateInPast);
    expect(scheduleProblem('2030-05-10T12:00', now)).toBe(videoMessages.dateInPast);
    expect(scheduleProblem('2030-05-10T12:01', now)).toBeNull();
  });

  it('reads and writes datetime-local values in the browser zone', () => {
    expect(toDateTimeLocal(now)).toBe('2030-05-10T12:00');
    expect(parseDateTimeLocal('2030-05-10T12:00')?.getTime()).toBe(new Date(2030, 4, 10, 12, 0).getTime());
  });
});

describe('detailsProblems', () => {
  it('requires a title: "Title is required."', () => {
    expect(detailsProblems({ ...emptyUploadDetails(), title: '   ' }, now)).toEqual({ title: videoMessages.titleRequired });
  });

  it('checks the date only when scheduling', () => {
    expect(detailsProblems({ ...emptyUploadDetails(), title: 'Hi' }, now)).toEqual({});
    expect(detailsProblems({ ...emptyUploadDetails(), title: 'Hi', schedule: true }, now)).toEqual({ publishAt: videoMessages.selectDate });
  });
});

describe('uploadDetailsRequest', () => {
  it('joins the tags with commas and sends NSFW on by default, without a date when not scheduled', () => {
    expect(uploadDetailsRequest(12, { ...emptyUploadDetails(), title: ' Night swim ', tags: ['pool', 'summer'] }, 'Europe/Paris')).toEqual({
      videoId: 12,
      title: 'Night swim',
      tags: 'pool,summer',
      is_nsfw: true,
    });
  });

  it("sends a schedule as 'YYYY-MM-DD HH:mm' with the browser's IANA zone", () => {
    const values = { ...emptyUploadDetails(), title: 'Later', isNsfw: false, schedule: true, publishAt: '2030-06-01T18:30' };
    expect(uploadDetailsRequest(3, values, 'America/New_York')).toEqual({
      videoId: 3,
      title: 'Later',
      tags: '',
      is_nsfw: false,
      uploadDate: '2030-06-01 18:30',
      uploadDateTimezone: 'America/New_York',
    });
  });
});
