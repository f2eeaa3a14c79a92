import { reportMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { reportFailureMessage, reportProblem } from './report-video.ts';

const draft = { videoId: 5, reason: 'spam' as const, message: 'Not what the title says', email: null };

describe('report rules (viewer.md §5) and failures (§8)', () => {
  it('checks in the spec order: email (guests), reason, description', () => {
    expect(reportProblem({ ...draft, videoId: 0 })).toBe(reportMessages.missingVideoId);
    expect(reportProblem({ ...draft, email: '' })).toBe(reportMessages.missingEmail);
    expect(reportProblem({ ...draft, email: 'not-an-address' })).toBe(reportMessages.invalidEmail);
    expect(reportProblem({ ...draft, reason: null })).toBe(reportMessages.reasonRequired);
    expect(reportProblem({ ...draft, message: '   ' })).toBe(reportMessages.descriptionRequired);
    expect(reportProblem(draft)).toBeNull();
    expect(reportProblem({ ...draft, email: 'viewer@example.com' })).toBeNull();
  });

  it('says the first field error of a 422, the server message otherwise, and names network failures', () => {
    expect(reportFailureMessage(new ApiError(422, 'Invalid', { reason: ['Please choose a reason.'] }))).toBe('Please choose a reason.');
    expect(reportFailureMessage(new ApiError(429, 'You have sent too many reports.'))).toBe('You have sent too many reports.');
    expect(reportFailureMessage(new ApiError(500, 'Something went wrong, try again later.'))).toBe(reportMessages.requestFailed);
    expect(reportFailureMessage(new ApiError(0, 'offline'))).toBe(reportMessages.networkError);
    expect(reportFailureMessage(new Error('boom'))).toBe(reportMessages.fallback);
  });
});
