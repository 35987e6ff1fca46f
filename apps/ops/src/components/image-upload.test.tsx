import { mediaPaths } from '@krapao/contracts/ops/media';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWith } from '../test/render';
import { ImageUpload } from './image-upload';

afterEach(() => vi.unstubAllGlobals());

function Form({ initial = '', onChange }: { initial?: string; onChange: (url: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ImageUpload
      label="Banner"
      value={value}
      onChange={(url) => {
        setValue(url);
        onChange(url);
      }}
    />
  );
}

const file = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'banner.png', { type: 'image/png' });

describe('ImageUpload', () => {
  it('uploads the picked file as multipart and shows the answered address as the preview', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, { url: '/files/banners/abc.png' }));
    vi.stubGlobal('fetch', fetchMock);
    const onChange = vi.fn();
    renderWith(<Form onChange={onChange} />);

    await userEvent.upload(screen.getByLabelText('Banner'), file());

    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/files/banners/abc.png'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(mediaPaths.upload);
    expect(init.method).toBe('POST');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByRole('img', { name: 'Preview' }).getAttribute('src')).toBe('/files/banners/abc.png');
  });

  it('shows why the server refused the file and keeps the current image', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { message: 'KEY_INVALID', fields: ['file'], reason: 'FILE_NOT_SUPPORTED' })),
    );
    const onChange = vi.fn();
    renderWith(<Form initial="/files/banners/old.png" onChange={onChange} />);

    await userEvent.upload(screen.getByLabelText('Banner'), file());

    expect((await screen.findByRole('alert')).textContent).toContain('not a PNG, JPEG or GIF');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'Preview' }).getAttribute('src')).toBe('/files/banners/old.png');
  });
});
