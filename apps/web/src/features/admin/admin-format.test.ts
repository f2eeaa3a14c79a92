import { describe, expect, it } from 'vitest';
import { complaintAge, describeChange, formatAge, formatAgo } from './admin-format.ts';

const now = Date.parse('2026-03-12T12:00:00Z');

describe('formatAge', () => {
  it.each([
    ['2026-03-12T11:59:30Z', 'just now'],
    ['2026-03-12T11:48:00Z', '12 min'],
    ['2026-03-12T07:00:00Z', '5 h'],
    ['2026-03-09T12:00:00Z', '3 d'],
    ['2026-03-13T12:00:00Z', 'just now'],
  ])('says %s waited %s', (iso, shown) => expect(formatAge(iso, now)).toBe(shown));
});

describe('formatAgo', () => {
  it('says "just now" without "ago", and any other age with it', () => {
    expect(formatAgo('2026-03-12T11:59:30Z', now)).toBe('just now');
    expect(formatAgo('2026-03-12T11:48:00Z', now)).toBe('12 min ago');
  });
});

describe('complaintAge (resolved within 7 business days)', () => {
  it('counts against the target while within it', () => {
    expect(complaintAge(0)).toEqual({ label: '0 of 7 business days', tone: 'ok' });
    expect(complaintAge(4)).toEqual({ label: '4 of 7 business days', tone: 'ok' });
  });

  it('is due soon from two days before the target, and overdue past it', () => {
    expect(complaintAge(5).tone).toBe('soon');
    expect(complaintAge(7)).toEqual({ label: '7 of 7 business days', tone: 'soon' });
    expect(complaintAge(9)).toEqual({ label: 'Overdue: 9 business days (target 7)', tone: 'overdue' });
  });
});

describe('describeChange', () => {
  it('shows what changed with an arrow, first, and what stayed as it is', () => {
    expect(describeChange({ slug: 'faq', title: 'FAQ', htmlLength: 10 }, { slug: 'faq', title: 'Questions', htmlLength: 12 })).toEqual([
      { field: 'title', text: 'FAQ → Questions', changed: true },
      { field: 'htmlLength', text: '10 → 12', changed: true },
      { field: 'slug', text: 'faq', changed: false },
    ]);
  });

  it('shows a field only one side has by its value', () => {
    expect(describeChange({ status: 'processing' }, { status: 'rejected', reason: 'Blurred' })).toEqual([
      { field: 'status', text: 'processing → rejected', changed: true },
      { field: 'reason', text: 'Blurred', changed: true },
    ]);
    expect(describeChange({ openReports: 3 }, null)).toEqual([{ field: 'openReports', text: '3 → –', changed: true }]);
  });

  it('says nothing when there is neither, and cuts long values', () => {
    expect(describeChange(null, null)).toEqual([]);
    const [line] = describeChange(null, { reason: 'x'.repeat(200) });
    expect(line!.text).toHaveLength(80);
    expect(line!.text.endsWith('…')).toBe(true);
  });
});
