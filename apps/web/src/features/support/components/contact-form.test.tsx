import { contactMessages } from '@flick/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { initializeApp, json, mockApi, withQueryClient } from '../../../testing/render-app.tsx';
import { ContactForm } from './contact-form.tsx';

function renderForm() {
  render(
    withQueryClient(
      <>
        <ContactForm />
        <ToastProvider />
      </>,
    ),
  );
  return {
    email: screen.getByLabelText('Email') as HTMLInputElement,
    message: screen.getByLabelText('Message') as HTMLTextAreaElement,
    send: screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement,
  };
}

function fill(fields: ReturnType<typeof renderForm>, email: string, message: string) {
  fireEvent.change(fields.email, { target: { value: email } });
  fireEvent.change(fields.message, { target: { value: message } });
}

describe('support contact form (viewer.md §4, §8)', () => {
  it('has an email field of email type, a limited message area with a counter, and Send', () => {
    const fields = renderForm();
    expect(fields.email.type).toBe('email');
    expect(fields.message.maxLength).toBe(5000);
    fireEvent.change(fields.message, { target: { value: 'Hello' } });
    screen.getByText('5 / 5,000');
  });

  it('shows the field messages and sends nothing when the form is not valid', () => {
    const api = mockApi();
    const fields = renderForm();
    fill(fields, 'not-an-address', '   ');
    fireEvent.click(fields.send);
    screen.getByText(contactMessages.emailInvalid);
    screen.getByText(contactMessages.messageRequired);
    expect(fields.email.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(fields.email);
    expect(api.calls).toHaveLength(0);
  });

  it('disables Send and shows it busy while sending', async () => {
    mockApi({ 'POST /v1/contact': () => new Promise<Response>(() => {}) });
    const fields = renderForm();
    fill(fields, 'fan@example.com', 'Hello there');
    fireEvent.click(fields.send);
    await screen.findByRole('button', { name: 'Send', busy: true });
    expect(fields.send.disabled).toBe(true);
  });

  it('sends the trimmed message without auth, clears the fields and confirms with a toast', async () => {
    localStorage.setItem('flick.accessToken', 'token');
    localStorage.setItem('flick.userId', '1');
    initializeApp();
    const api = mockApi({ 'POST /v1/contact': () => json({ message: 'Message sent.' }, 201) });
    const fields = renderForm();
    fill(fields, ' fan@example.com ', 'Hello there ');
    fireEvent.click(fields.send);
    await screen.findByText(contactMessages.sent);
    expect(fields.email.value).toBe('');
    expect(fields.message.value).toBe('');
    expect(fields.send.disabled).toBe(false);
    expect(api.calls[0]?.body).toEqual({ email: 'fan@example.com', message: 'Hello there' });
    expect(api.calls[0]?.headers.Authorization).toBeUndefined();
  });

  it('shows "You sent too many messages. Please try again later." when rate limited (429)', async () => {
    mockApi({ 'POST /v1/contact': () => json({ message: 'Too many requests' }, 429) });
    const fields = renderForm();
    fill(fields, 'fan@example.com', 'Hello again');
    fireEvent.click(fields.send);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('You sent too many messages. Please try again later.');
    expect(fields.message.value).toBe('Hello again');
    expect(fields.send.disabled).toBe(false);
  });

  it('shows the same message for a network failure', async () => {
    mockApi({
      'POST /v1/contact': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const fields = renderForm();
    fill(fields, 'fan@example.com', 'Hello');
    await act(async () => {
      fireEvent.click(fields.send);
    });
    expect((await screen.findByRole('alert')).textContent).toBe(contactMessages.sendFailed);
  });
});
