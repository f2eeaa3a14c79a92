import { profilePageMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, FALLBACK_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { isSignInNeeded } from './sign-in-again.ts';
import { imageUploadFailureMessage } from './update-profile-image.ts';

describe('image upload failures (viewer.md §8)', () => {
  it("shows the server's reason for 413 and 422", () => {
    expect(imageUploadFailureMessage(new ApiError(413, profilePageMessages.imageTooBig))).toBe('Image size cannot be bigger than 16MB');
    const unreadable = new ApiError(422, 'The given data was invalid.', { profile_photo: [profilePageMessages.imageUnreadable] });
    expect(imageUploadFailureMessage(unreadable)).toBe(profilePageMessages.imageUnreadable);
  });

  it('says the picture is too big for a 413 without a body (a proxy in front of the server)', () => {
    expect(imageUploadFailureMessage(new ApiError(413, FALLBACK_MESSAGE))).toBe(profilePageMessages.imageTooBig);
  });

  it('says "Something went wrong uploading the image, try again later" for anything else', () => {
    const expected = 'Something went wrong uploading the image, try again later';
    expect(imageUploadFailureMessage(new ApiError(500, 'Internal Server Error'))).toBe(expected);
    expect(imageUploadFailureMessage(new ApiError(0, NETWORK_ERROR_MESSAGE))).toBe(expected);
    expect(imageUploadFailureMessage(new ApiError(422, FALLBACK_MESSAGE))).toBe(expected);
    expect(imageUploadFailureMessage(new Error('parse'))).toBe(expected);
  });

  it('sends the person to sign in again for 402 and 401, never for 403', () => {
    expect(isSignInNeeded(new ApiError(402, 'Payment required.'))).toBe(true);
    expect(isSignInNeeded(new ApiError(401, 'Unauthenticated.'))).toBe(true);
    expect(isSignInNeeded(new ApiError(403, 'Forbidden.'))).toBe(false);
  });
});
