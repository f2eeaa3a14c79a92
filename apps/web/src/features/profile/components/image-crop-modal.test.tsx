import { profilePageMessages, type ProfileImageKind, type ProfileUser } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { profileQueryOptions } from '../../session/api/get-profile.ts';
import { getSession } from '../../session/stores/session-store.ts';
import { publicUserQueryOptions } from '../../creators/api/get-public-user.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { signIn } from '../../../testing/accounts.ts';
import { json, mockApi, type FetchCall } from '../../../testing/render-app.tsx';
import { ownProfileUser, picture, renderOnProfile, stubPictures } from '../testing/picture-fakes.tsx';
import { ImageCropModal } from './image-crop-modal.tsx';

const newAvatar = [
  { url: '/media/users/7/avatar-new-150.webp', width: 150, height: 150 },
  { url: '/media/users/7/avatar-new-300.webp', width: 300, height: 300 },
];
const updated = (kind: ProfileImageKind) =>
  json({
    message: kind === 'avatar' ? profilePageMessages.profileImageUpdated : profilePageMessages.coverImageUpdated,
    user: ownProfileUser({ [kind]: `/media/users/7/${kind}-new-300.webp`, ...(kind === 'avatar' ? { avatarSources: newAvatar } : {}) }),
  });

function open({
  kind = 'avatar',
  file = picture(),
  answer = updated,
}: { kind?: ProfileImageKind; file?: File; answer?: (kind: ProfileImageKind, call: FetchCall) => Response | Promise<Response> } = {}) {
  const api = mockApi({ 'POST /v1/profile': (call) => answer(kind, call) });
  const onClose = vi.fn();
  const view = renderOnProfile(<ImageCropModal file={file} kind={kind} onClose={onClose} />);
  return { ...api, ...view, onClose };
}

const updateButton = () => screen.findByRole('button', { name: 'Update' });
const sentImage = (call: FetchCall | undefined, field: string) => (call?.body as FormData).get(field) as File;

async function pressUpdate() {
  const button = await updateButton();
  await waitFor(() => expect(button).toHaveProperty('disabled', false));
  fireEvent.click(button);
}

describe('image crop modal (viewer.md §2 "Image crop ... then preview with Update or Discard")', () => {
  it('shows the avatar in a 1:1 frame with a preview, Update and Discard', async () => {
    stubPictures();
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Change profile photo' });
    await within(dialog).findByRole('img', { name: 'Profile photo preview' });
    expect(within(dialog).getByRole('group', { name: 'Profile photo crop' }).style.aspectRatio).toBe('1 / 1');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toHaveProperty('disabled', false);
    within(dialog).getByRole('button', { name: 'Discard' });
    within(dialog).getByRole('slider', { name: 'Zoom' });
  });

  it('frames the cover 2:1', async () => {
    stubPictures();
    open({ kind: 'cover' });
    await screen.findByRole('dialog', { name: 'Change cover image' });
    expect((await screen.findByRole('group', { name: 'Cover image crop' })).style.aspectRatio).toBe('2 / 1');
  });

  it('Discard closes without a request', async () => {
    stubPictures();
    const { onClose, fetchMock } = open();
    await updateButton();
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('Update sends the centred avatar crop, drawn at 300x300, as profile_photo; toast "Profile image updated successfully"', async () => {
    const { drawImage, canvases } = stubPictures({ width: 1200, height: 800 });
    const { calls, onClose } = open();
    const publicProfile = publicUserQueryOptions('mia_rose').queryKey;
    queryClient.setQueryData(publicProfile, { ...ownProfileUser(), avatar: '/media/users/7/avatar-old-300.webp' } as never);
    await pressUpdate();

    await screen.findByText('Profile image updated successfully');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    const sent = sentImage(calls[0], 'profile_photo');
    expect(sent).toBeInstanceOf(File);
    expect(sent.type).toBe('image/jpeg');
    expect(sent.name).toBe('avatar.jpg');
    expect(canvases[0]).toMatchObject({ width: 300, height: 300 });
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 200, 0, 800, 800, 0, 0, 300, 300);
    expect(onClose).toHaveBeenCalledOnce();
    const cached = queryClient.getQueryData<ProfileUser>(profileQueryOptions('7').queryKey);
    expect(cached?.avatar).toBe('/media/users/7/avatar-new-300.webp');
    expect(queryClient.getQueryData(publicProfile)).toMatchObject({ avatar: '/media/users/7/avatar-new-300.webp', avatarSources: newAvatar });
  });

  it('Update sends the cover, drawn at 1000x500, as profile_cover; toast "Cover image updated successfully"', async () => {
    const { drawImage, canvases } = stubPictures({ width: 1200, height: 800 });
    const { calls } = open({ kind: 'cover', file: picture('cover.png', 'image/png') });
    await pressUpdate();

    await screen.findByText('Cover image updated successfully');
    const sent = sentImage(calls[0], 'profile_cover');
    expect(sent.type).toBe('image/png');
    expect((calls[0]?.body as FormData).get('profile_photo')).toBeNull();
    expect(canvases[0]).toMatchObject({ width: 1000, height: 500 });
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 0, 100, 1200, 600, 0, 0, 1000, 500);
  });

  it('sends the part chosen by dragging and zooming', async () => {
    const { drawImage } = stubPictures({ width: 1200, height: 800 });
    open();
    const area = await screen.findByRole('group', { name: 'Profile photo crop' });
    await updateButton();
    vi.spyOn(area, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 400, height: 400 }));

    fireEvent.change(screen.getByRole('slider', { name: 'Zoom' }), { target: { value: '2' } });
    // 400 source pixels across 400 px: a 50 px drag to the right shows 50 px further left.
    fireEvent.pointerDown(area, { pointerId: 1, clientX: 100, clientY: 100, button: 0, pointerType: 'touch' });
    fireEvent.pointerMove(area, { pointerId: 1, clientX: 150, clientY: 100, pointerType: 'touch' });
    fireEvent.pointerUp(area, { pointerId: 1, pointerType: 'touch' });
    await pressUpdate();

    await screen.findByText('Profile image updated successfully');
    expect(drawImage).toHaveBeenCalledWith(expect.anything(), 350, 200, 400, 400, 0, 0, 300, 300);
  });

  it('disables Update and Discard and shows progress while the image is sent', async () => {
    stubPictures();
    let answer: (response: Response) => void = () => {};
    const { onClose } = open({ answer: () => new Promise<Response>((resolve) => (answer = resolve)) });
    await pressUpdate();

    const busy = await screen.findByRole('button', { name: 'Updating…' });
    expect(busy).toHaveProperty('disabled', true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Discard' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    answer(updated('avatar'));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('a refused session (402) goes to /login (viewer.md §8 "Profile POST 402 -> Redirect to /login")', async () => {
    stubPictures();
    signIn();
    const { router, onClose } = open({ answer: () => json({ message: 'Payment required.' }, 402) });
    await pressUpdate();

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/mia_rose' } });
    expect(getSession()).toBeNull();
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.queryByText(profilePageMessages.uploadFailed)).toBeNull();
  });

  it('a picture too big for the server (413) shows its message: "Image size cannot be bigger than 16MB"', async () => {
    stubPictures();
    const { onClose } = open({
      answer: () => json({ message: profilePageMessages.imageTooBig, errors: { profile_photo: [profilePageMessages.imageTooBig] } }, 413),
    });
    await pressUpdate();

    await screen.findByText('Image size cannot be bigger than 16MB');
    expect(onClose).not.toHaveBeenCalled();
    expect(await updateButton()).toHaveProperty('disabled', false);
  });

  it('a refusal with field errors (422) shows the first one', async () => {
    stubPictures();
    open({
      answer: () => json({ message: profilePageMessages.imageUnreadable, errors: { profile_photo: [profilePageMessages.imageUnreadable] } }, 422),
    });
    await pressUpdate();
    await screen.findByText(profilePageMessages.imageUnreadable);
  });

  it('any other failure says "Something went wrong uploading the image, try again later" and keeps the crop open', async () => {
    stubPictures();
    const { onClose } = open({ answer: () => json({ message: 'Internal Server Error' }, 500) });
    await pressUpdate();

    await screen.findByText('Something went wrong uploading the image, try again later');
    expect(onClose).not.toHaveBeenCalled();
    screen.getByRole('dialog', { name: 'Change profile photo' });
  });

  it('a crop the browser cannot encode is an upload failure, and nothing is sent', async () => {
    stubPictures({ encodes: false });
    const { fetchMock } = open();
    await pressUpdate();

    await screen.findByText(profilePageMessages.uploadFailed);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a file that is not a picture after all says so and cannot be sent', async () => {
    stubPictures({ readable: false });
    open();
    expect((await screen.findByRole('alert')).textContent).toBe(profilePageMessages.imageUnreadable);
    expect(screen.getByRole('button', { name: 'Update' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Discard' })).toHaveProperty('disabled', false);
  });
});
