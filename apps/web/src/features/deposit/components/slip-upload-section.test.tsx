import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/storage';
import { type FakeUpload, fileOf, stubXhr } from '../../../test/fake-xhr';
import { type MockHandler, mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../../../test/render';
import { SlipUploadSection } from './slip-upload-section';

const OPEN = { isClosed: false, closeStart: '23:50', closeEnd: '00:10' };
const answer = (status: string, note: string | null = null) => ({
  message: status,
  status,
  note,
  amount: 250,
  reference: 'ref-1',
});

function renderSection(handlers: Record<string, MockHandler> = {}) {
  const api = mockFetch({ 'GET /api/lookup/slip': { body: OPEN }, ...handlers });
  const uploads = stubXhr();
  const onDone = vi.fn();
  renderAt(<SlipUploadSection onDone={onDone} />, '/user/home');
  return { api, uploads, onDone, user: userEvent.setup() };
}

async function pickAndUpload(user: ReturnType<typeof userEvent.setup>, uploads: FakeUpload[], file?: File) {
  await waitFor(() => expect(screen.getByTestId('slip-file')).toBeTruthy());
  await user.upload(screen.getByTestId('slip-file'), file ?? fileOf('slip.png', 'image/png'));
  const before = uploads.length;
  await user.click(screen.getByTestId('slip-upload'));
  await waitFor(() => expect(uploads).toHaveLength(before + 1));
  return uploads[before] as FakeUpload;
}

const resultText = async () => (await screen.findByTestId('slip-result')).textContent;

describe('slip upload', () => {
  it('asks the slip window and accepts PNG, JPEG and WebP images only; upload waits for a file', async () => {
    const { api } = renderSection();
    await waitFor(() => expect(api.callsTo('GET', '/api/lookup/slip')).toHaveLength(1));
    expect((screen.getByTestId('slip-file') as HTMLInputElement).accept).toBe('image/png,image/jpeg,image/webp');
    expect((screen.getByTestId('slip-upload') as HTMLButtonElement).disabled).toBe(true);
  });

  it('posts multipart to /api/wallet/slip with the file part, token, wallet-user and Idempotency-Key, 300000 ms', async () => {
    setToken('tok-1', true);
    const { user, uploads } = renderSection();
    const file = fileOf('slip.png', 'image/png');
    const upload = await pickAndUpload(user, uploads, file);
    expect(upload.method).toBe('POST');
    expect(upload.url).toBe('/api/wallet/slip');
    expect(upload.form).toBeInstanceOf(FormData);
    expect((upload.form.get('file') as File).name).toBe('slip.png');
    expect([...upload.form.keys()]).toEqual(['file']);
    expect(upload.timeout).toBe(300_000);
    expect(upload.headers.authorization).toBe('Bearer tok-1');
    expect(upload.headers['x-wallet-user']).toBe('true');
    expect(upload.headers['idempotency-key']).toBeTruthy();
  });

  it('shows a progress bar while the bytes go out, then the checking text', async () => {
    const { user, uploads } = renderSection();
    const upload = await pickAndUpload(user, uploads);
    const bar = screen.getByTestId('slip-progress');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    act(() => upload.progress(40, 100));
    expect(bar.getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Uploading… 40%')).toBeTruthy();
    act(() => upload.progress(100, 100));
    expect(screen.getByText('Checking your slip…')).toBeTruthy();
    act(() => upload.respond(200, answer('PENDING')));
    await waitFor(() => expect(screen.queryByTestId('slip-progress')).toBeNull());
  });

  it('SUCCESS: the credited message with the amount, a toast, and onDone', async () => {
    const { user, uploads, onDone } = renderSection();
    const upload = await pickAndUpload(user, uploads);
    act(() => upload.respond(200, answer('SUCCESS')));
    expect(await resultText()).toBe('Slip verified. 250.00 has been added to your wallet.');
    expect(screen.getByTestId('toast-success').textContent).toContain('250.00');
    expect(onDone).toHaveBeenCalledTimes(1);
    expect((screen.getByTestId('slip-upload') as HTMLButtonElement).disabled).toBe(true);
  });

  it('PENDING: being checked, see slip status; not done', async () => {
    const { user, uploads, onDone } = renderSection();
    const upload = await pickAndUpload(user, uploads);
    act(() => upload.respond(200, answer('PENDING')));
    expect(await resultText()).toContain('Slip status');
    expect(onDone).not.toHaveBeenCalled();
  });

  it.each([
    ['SLIP_REFNO_DUPLICATED', 'This slip has already been used'],
    ['NOT_MATCH', 'The account number does not match your registered account'],
    ['DEST_ACC_INVALID', 'The destination account on the slip is invalid'],
    ['EXPIRED_SLIP', 'This slip has expired'],
    ['INVALID_SLIP', 'The slip cannot be read'],
    ['UPLOADED_FILE_NOT_EXIST', 'Incorrect slip. Please upload a valid transfer slip'],
    ['UNKNOW_ERROR', 'Unknown error. Please contact admin'],
  ])('FAILED with note %s shows its reason', async (note, text) => {
    const { user, uploads, onDone } = renderSection();
    const upload = await pickAndUpload(user, uploads);
    act(() => upload.respond(200, answer('FAILED', note)));
    expect(await resultText()).toBe(text);
    expect(screen.getByTestId('slip-result').getAttribute('data-tone')).toBe('failed');
    expect(onDone).not.toHaveBeenCalled();
  });

  it.each([
    [400, { message: 'SLIP_INVALID_FILE' }, 'Invalid slip file. Please upload an image'],
    [409, { message: 'SLIP_REFNO_DUPLICATED' }, 'This slip has already been used'],
    [400, { message: 'SLIP_UPLOAD_FAIL', note: 'EXPIRED_SLIP' }, 'This slip has expired'],
    [409, { message: 'BONUS_REMAINING' }, 'You still have an unfinished bonus'],
  ])('HTTP %s %j shows the translated message', async (status, body, text) => {
    const { user, uploads } = renderSection();
    const upload = await pickAndUpload(user, uploads);
    act(() => upload.respond(status, body));
    expect(await resultText()).toContain(text);
  });

  it('closed window: the upload is disabled and the closing hours show', async () => {
    const { user, uploads } = renderSection({ 'GET /api/lookup/slip': { body: { ...OPEN, isClosed: true } } });
    expect((await screen.findByTestId('slip-closed')).textContent).toBe(
      'Slip upload is closed from 23:50 to 00:10. Please try again later.',
    );
    expect((screen.getByTestId('slip-file') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('slip-upload') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId('slip-upload'));
    expect(uploads).toHaveLength(0);
  });

  it('refuses a non-image or a file over 10 MB before any upload', async () => {
    const { uploads } = renderSection();
    const input = await screen.findByTestId('slip-file');
    fireEvent.change(input, { target: { files: [fileOf('slip.pdf', 'application/pdf')] } });
    expect(await resultText()).toBe('Invalid slip file. Please upload an image');
    fireEvent.change(input, { target: { files: [fileOf('big.jpg', 'image/jpeg', 11 * 1024 * 1024)] } });
    expect(await resultText()).toBe('The image is too large. Please choose one no larger than 10 MB.');
    expect((screen.getByTestId('slip-upload') as HTMLButtonElement).disabled).toBe(true);
    expect(uploads).toHaveLength(0);
  });

  it('after a network error the same file is sent again with the same key; after an answer a new key', async () => {
    const { user, uploads } = renderSection();
    const first = await pickAndUpload(user, uploads);
    act(() => first.fail());
    expect(await resultText()).toContain('Cannot reach the server');
    await user.click(screen.getByTestId('slip-upload'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    const second = uploads[1] as FakeUpload;
    expect(second.headers['idempotency-key']).toBe(first.headers['idempotency-key']);
    act(() => second.respond(200, answer('FAILED', 'INVALID_SLIP')));
    await waitFor(() => expect(screen.getByTestId('slip-result').textContent).toBe('The slip cannot be read'));
    const third = await pickAndUpload(user, uploads);
    expect(third.headers['idempotency-key']).not.toBe(first.headers['idempotency-key']);
  });
});
