import { latestBirthday, verificationMessages, type ProfileUser } from '@flick/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findScreenHeading, profileUser, signIn } from '../../../testing/accounts.ts';
import { type FetchCall, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';

const image = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/jpeg' });

beforeEach(() => {
  // jsdom draws nothing: a canvas without pixels, and object URLs that are only names.
  const context = { setTransform() {}, fillRect() {}, beginPath() {}, moveTo() {}, lineTo() {}, stroke() {} };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (callback) {
    callback(new Blob(['png'], { type: 'image/png' }));
  });
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

function open(
  user: ProfileUser,
  submit: (call: FetchCall) => Response | Promise<Response> = () => json({ message: 'ok', user: { ...user, isVerified: 'pending' } }, 201),
) {
  const api = mockApi({
    'GET /v1/profile': () => json({ user }),
    'POST /v1/profile/verification': submit,
    'GET /v1/profile/verification': () =>
      json({ status: user.isVerified, rejectionReason: user.isVerified === 'rejected' ? 'The photo of the ID is blurred.' : null, submittedAt: null, reviewedAt: null }),
  });
  signIn(user);
  initializeApp();
  renderApp('/account/settings/validation');
  return api;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
const alertText = () => screen.getByRole('alert').textContent;

function fillDetails() {
  type('Full Name', 'Maria Rossi');
  type('Gender', 'f');
  type('Address', '1 Main St, Rome');
  type('Country', 'IT');
  type('Birthday', '1995-04-02');
  type('Stage name', 'Mia Rose');
}

function fillDocuments() {
  type('Identification type', 'passport');
  type('Identification ID', 'YA1234567');
  fireEvent.change(screen.getByLabelText('Front ID picture'), { target: { files: [image('front.jpg')] } });
  fireEvent.change(screen.getByLabelText('Back ID picture'), { target: { files: [image('back.jpg')] } });
  fireEvent.change(screen.getByLabelText('Face photo holding ID'), { target: { files: [image('face.jpg')] } });
}

async function toSignatureStep(user = profileUser()) {
  const api = open(user);
  await findScreenHeading('Account validation');
  fillDetails();
  next();
  await screen.findByRole('heading', { level: 2, name: 'Identity documents' });
  fillDocuments();
  next();
  await screen.findByRole('heading', { level: 2, name: 'Declaration' });
  return api;
}

function sign() {
  const pad = screen.getByRole('img', { name: 'Signature' });
  fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
  fireEvent.pointerMove(pad, { pointerId: 1, clientX: 60, clientY: 40 });
  fireEvent.pointerUp(pad, { pointerId: 1, clientX: 60, clientY: 40 });
}

describe('verification form (accounts.md §2, §5)', () => {
  it('shows the step 1 messages in the order of the spec', async () => {
    open(profileUser({ username: null, name: '' }));
    await findScreenHeading('Account validation');
    expect(screen.getByRole('progressbar', { name: 'Verification progress' }).getAttribute('aria-valuetext')).toBe('Step 1 of 4');
    type('Age', '');
    const expectations: [() => void, string][] = [
      [() => {}, verificationMessages.legalNameRequired],
      [() => type('Full Name', 'Maria Rossi'), verificationMessages.genderRequired],
      [() => type('Gender', 'f'), verificationMessages.addressRequired],
      [() => type('Address', '1 Main St, Rome'), verificationMessages.countryRequired],
      [() => type('Country', 'IT'), verificationMessages.birthdayRequired],
      [() => type('Birthday', '1995-04-02'), verificationMessages.stageNameRequired],
    ];
    for (const [change, message] of expectations) {
      change();
      next();
      expect(alertText()).toBe(message);
    }
  });

  it('says "Age is required." when the age is cleared after the birthday', async () => {
    open(profileUser());
    await findScreenHeading('Account validation');
    fillDetails();
    type('Age', '');
    next();
    expect(alertText()).toBe(verificationMessages.ageRequired);
  });

  it('limits the birthday to 18 years before two days from today and works out the age (default 18)', async () => {
    open(profileUser());
    await findScreenHeading('Account validation');
    expect((screen.getByLabelText('Age') as HTMLInputElement).value).toBe('18');
    expect(screen.getByLabelText('Birthday').getAttribute('max')).toBe(latestBirthday(new Date()));
    expect(screen.getByLabelText('Birthday').getAttribute('autocomplete')).toBe('bday');
    type('Birthday', '1990-01-01');
    expect(Number((screen.getByLabelText('Age') as HTMLInputElement).value)).toBeGreaterThanOrEqual(35);
  });

  it('lists every country by name', async () => {
    open(profileUser());
    await findScreenHeading('Account validation');
    const options = [...(screen.getByLabelText('Country') as HTMLSelectElement).options];
    expect(options).toHaveLength(250);
    expect(options.find((option) => option.value === 'IT')?.textContent).toBe('Italy');
  });

  it('shows the step 2 messages in the order of the spec', async () => {
    open(profileUser());
    await findScreenHeading('Account validation');
    fillDetails();
    next();
    await screen.findByRole('heading', { level: 2, name: 'Identity documents' });
    const steps: [() => void, string][] = [
      [() => {}, verificationMessages.identificationRequired],
      [() => type('Identification type', 'driver'), verificationMessages.identificationIdRequired],
      [() => type('Identification ID', 'D-12345'), verificationMessages.frontRequired],
      [() => fireEvent.change(screen.getByLabelText('Front ID picture'), { target: { files: [image('front.jpg')] } }), verificationMessages.backRequired],
      [() => fireEvent.change(screen.getByLabelText('Back ID picture'), { target: { files: [image('back.jpg')] } }), verificationMessages.faceRequired],
    ];
    for (const [change, message] of steps) {
      change();
      next();
      expect(alertText()).toBe(message);
    }
    screen.getByText('front.jpg');
    expect(document.querySelectorAll('img[src="blob:preview"]')).toHaveLength(2);
  });

  it('refuses a photo over 16 MB with "Image size cannot be bigger than 16MB"', async () => {
    open(profileUser());
    await findScreenHeading('Account validation');
    fillDetails();
    next();
    await screen.findByRole('heading', { level: 2, name: 'Identity documents' });
    const big = new File([new Uint8Array(1)], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 16 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByLabelText('Front ID picture'), { target: { files: [big] } });
    expect(alertText()).toBe(verificationMessages.imageTooBig);
  });

  it('says "Signature is required." until something is drawn, and Clear empties the pad', async () => {
    const api = await toSignatureStep();
    screen.getByText(/I am at least 18 years old/);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(verificationMessages.signatureRequired);
    sign();
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText(verificationMessages.signatureRequired);
    expect(api.calls.some((call) => call.url === '/v1/profile/verification')).toBe(false);
  });

  it('sends the fields, photos and signature as multipart and shows the sent confirmation', async () => {
    const api = await toSignatureStep();
    sign();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('heading', { level: 2, name: 'Verification sent' });
    screen.getByText(verificationMessages.submitted);
    const call = api.calls.find((entry) => entry.url === '/v1/profile/verification');
    expect(call?.headers.Authorization).toBe('Bearer session-token');
    const form = call?.body as FormData;
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      legal_name: 'Maria Rossi',
      address: '1 Main St, Rome',
      identification: 'passport',
      identification_id: 'YA1234567',
      gender: 'f',
      date_of_birth: '1995-04-02',
      age: String(new Date().getUTCFullYear() - 1995 - (new Date().toISOString().slice(5, 10) < '04-02' ? 1 : 0)),
      country: 'IT',
      stage_name: 'Mia Rose',
    });
    expect((form.get('front_picture_id') as File).name).toBe('front.jpg');
    expect((form.get('face_picture_id') as File).name).toBe('face.jpg');
    expect((form.get('signature') as File).type).toBe('image/png');
  });

  it('toasts "Validation error" with the joined field errors on 422 and returns to the step at fault', async () => {
    open(profileUser(), () =>
      json({ message: 'The given data was invalid.', errors: { address: ['Address is required.'], signature: ['Signature is required.'] } }, 422),
    );
    await findScreenHeading('Account validation');
    fillDetails();
    next();
    await screen.findByRole('heading', { level: 2, name: 'Identity documents' });
    fillDocuments();
    next();
    await screen.findByRole('heading', { level: 2, name: 'Declaration' });
    sign();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Validation error: Address is required. Signature is required.');
    await screen.findByRole('heading', { level: 2, name: 'Your details' });
    expect(alertText()).toBe('Address is required.');
  });

  it('toasts "{status}: {message}" for another failure, and the spec\'s message when the request fails', async () => {
    let answer: () => Response = () => json({ message: 'Server error' }, 500);
    await toSignatureStep();
    mockApi({
      'POST /v1/profile/verification': () => answer(),
      'GET /v1/profile': () => json({ user: profileUser() }),
    });
    sign();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('500: Server error');
    // An answer without a message (a proxy's HTML page): "{status}: Server error", not the client's own fallback.
    answer = () => new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
    await waitFor(() => expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    await screen.findByText('502: Server error');
    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await waitFor(() => expect((screen.getByRole('button', { name: 'Submit' }) as HTMLButtonElement).disabled).toBe(false));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    });
    await screen.findByText(verificationMessages.submitFailed);
  });

  it("notes a rejected verification above the form, with the reviewer's reason", async () => {
    open(profileUser({ isVerified: 'rejected' }));
    await findScreenHeading('Account validation');
    screen.getByText(/Your last verification was not accepted/);
    await screen.findByText('The photo of the ID is blurred.');
    screen.getByLabelText('Full Name');
  });
});

describe('verification states (accounts.md §2, §4)', () => {
  it('shows a waiting message while pending', async () => {
    open(profileUser({ isVerified: 'pending' }));
    await findScreenHeading('Account validation');
    screen.getByRole('heading', { level: 2, name: 'Waiting for review' });
    screen.getByText(verificationMessages.alreadyPending);
    expect(screen.queryByLabelText('Full Name')).toBeNull();
  });

  it('says the account is verified once approved', async () => {
    open(profileUser({ type: 'channel', isVerified: 'approved' }));
    await findScreenHeading('Account validation');
    screen.getByText(verificationMessages.alreadyApproved);
  });

  it('has nothing to verify for a user account', async () => {
    open(profileUser({ type: 'user' }));
    await findScreenHeading('Account validation');
    screen.getByText(verificationMessages.notForType);
  });
});
