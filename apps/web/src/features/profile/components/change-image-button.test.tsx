import { PROFILE_IMAGE_MAX_BYTES, profilePageMessages } from '@flick/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/render-app.tsx';
import { picture, renderOnProfile, stubPictures } from '../testing/picture-fakes.tsx';
import { ChangeImageButton } from './change-image-button.tsx';

function choose(file: File, label = 'Choose a profile photo') {
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
}

function oversized(file: File): File {
  Object.defineProperty(file, 'size', { value: PROFILE_IMAGE_MAX_BYTES + 1 });
  return file;
}

describe('change image button (viewer.md §5 image rules)', () => {
  it('opens the file chooser for png and jpeg', () => {
    renderOnProfile(<ChangeImageButton kind="avatar">Change photo</ChangeImageButton>);
    const input = screen.getByLabelText<HTMLInputElement>('Choose a profile photo');
    const click = vi.spyOn(input, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Change photo' }));
    expect(click).toHaveBeenCalledOnce();
    expect(input.accept).toBe('image/png,image/jpeg');
  });

  it('turns away a gif: "Only png, jpeg and jpg images are allowed." and opens no crop', async () => {
    stubPictures();
    const { fetchMock } = mockApi();
    renderOnProfile(<ChangeImageButton kind="avatar">Change photo</ChangeImageButton>);
    choose(picture('me.gif', 'image/gif'));
    await screen.findByText(profilePageMessages.imageType);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('turns away a picture over 16 MB: "Image size cannot be bigger than 16MB" and opens no crop', async () => {
    stubPictures();
    const { fetchMock } = mockApi();
    renderOnProfile(<ChangeImageButton kind="cover">Change cover</ChangeImageButton>);
    choose(oversized(picture('cover.jpg')), 'Choose a cover image');
    await screen.findByText('Image size cannot be bigger than 16MB');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('opens the crop with Update and Discard for a good picture; Discard closes it without a request', async () => {
    stubPictures();
    const { fetchMock } = mockApi();
    renderOnProfile(
      <ChangeImageButton kind="cover" className="icon-btn" aria-label="Change cover">
        <span aria-hidden="true">✎</span>
      </ChangeImageButton>,
    );
    expect(screen.getByRole('button', { name: 'Change cover' }).className).toBe('icon-btn');
    choose(picture('cover.png', 'image/png'), 'Choose a cover image');

    await screen.findByRole('dialog', { name: 'Change cover image' });
    await screen.findByRole('button', { name: 'Update' });
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
