import { removalMessages } from '@flick/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';

function openForm(path = '/removal-request') {
  const api = mockApi({
    'POST /v1/removal-requests': (call) => {
      const body = call.body as { video_url: string };
      return body.video_url.includes('/video/')
        ? json({ message: removalMessages.sent }, 201)
        : json({ message: removalMessages.videoNotFound, errors: { video_url: [removalMessages.videoNotFound] } }, 422);
    },
  });
  initializeApp();
  renderApp(path);
  return api;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fill(url: string) {
  type('Address of the video', url);
  type('How are you connected to it?', 'depicted');
  type('Your name', 'Jane Doe');
  type('Your e-mail', 'jane@example.com');
  type('What should be removed, and why', 'This is me, without my consent.');
}

describe('/removal-request', () => {
  it('names every missing answer before sending anything', async () => {
    const api = openForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    await screen.findByText(removalMessages.videoUrl);
    screen.getByText(removalMessages.relationship);
    screen.getByText(removalMessages.confirm);
    expect(api.calls.some((call) => call.url === '/v1/removal-requests')).toBe(false);
  });

  it('sends a complete request, pre-filled from ?video=, and confirms it', async () => {
    const api = openForm('/removal-request?video=https%3A%2F%2Fflick.example%2Fvideo%2F12');
    expect(await screen.findByLabelText('Address of the video')).toHaveProperty('value', 'https://flick.example/video/12');
    fill('https://flick.example/video/12');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await screen.findByText(removalMessages.sent);
    expect(api.calls.find((call) => call.url === '/v1/removal-requests')?.body).toMatchObject({ relationship: 'depicted', confirm: true });
  });

  it('shows at the address when the server finds no video there', async () => {
    openForm();
    await screen.findByLabelText('Address of the video');
    fill('https://flick.example/discover');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => screen.getByText(removalMessages.videoNotFound));
  });
});
