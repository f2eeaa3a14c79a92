import { videoStatuses } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { formatScheduledDate, isInProgress, statusLabels, videoBadge, videoTitle } from './video-status.ts';

const now = Date.parse('2030-05-10T12:00:00Z');

describe('video status badges (viewer.md §4)', () => {
  it('has a distinct label for every status', () => {
    expect(videoStatuses.map((status) => statusLabels[status])).toEqual(['Uploaded', 'Preparing', 'Processing', 'Published', 'Rejected', 'Deleting', 'Failed']);
  });

  it('badges every status, published included', () => {
    for (const status of videoStatuses) {
      expect(videoBadge({ status, uploadDate: '2030-05-01T10:00:00Z' }, now)).toEqual({ tone: status, label: statusLabels[status] });
    }
    expect(videoBadge({ status: 'approved', uploadDate: '2030-05-01T10:00:00Z' }, now)).toEqual({ tone: 'approved', label: 'Published' });
  });

  it('says "Scheduled {date}" for an approved video whose date is ahead', () => {
    const uploadDate = '2030-06-01T18:30:00Z';
    expect(videoBadge({ status: 'approved', uploadDate }, now)).toEqual({ tone: 'scheduled', label: `Scheduled ${formatScheduledDate(uploadDate)}` });
  });

  it('says "In review" for a video processing with a reason (held, or waiting for a moderator)', () => {
    const uploadDate = '2030-05-01T10:00:00Z';
    expect(videoBadge({ status: 'processing', uploadDate, statusReason: 'This video is under review.' }, now)).toEqual({ tone: 'processing', label: 'In review' });
    expect(videoBadge({ status: 'processing', uploadDate, statusReason: null }, now)).toEqual({ tone: 'processing', label: 'Processing' });
    expect(videoBadge({ status: 'rejected', uploadDate, statusReason: 'No.' }, now)).toEqual({ tone: 'rejected', label: 'Rejected' });
  });

  it('keeps polling only while a video is on its way', () => {
    expect(videoStatuses.filter(isInProgress)).toEqual(['uploaded', 'preprocess', 'processing']);
  });

  it('names a video without a title yet', () => {
    expect(videoTitle({ title: ' ' })).toBe('Untitled video');
    expect(videoTitle({ title: 'Night swim' })).toBe('Night swim');
  });
});
