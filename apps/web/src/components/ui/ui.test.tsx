import { LOADER_DELAY_MS, TOAST_DURATION_MS } from '@krapao/contracts/constants';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { trackRequest } from '../../lib/in-flight';
import { CopyButton } from './copy-button';
import { GlobalLoader } from './loader';
import { Modal } from './modal';
import { Pager } from './pager';
import { Toaster, toast } from './toast';

function TwoModals() {
  const [a, setA] = useState(true);
  const [b, setB] = useState(true);
  return (
    <>
      <Modal open={a} onClose={() => setA(false)} title="A">
        a
      </Modal>
      <Modal open={b} onClose={() => setB(false)} title="B">
        b
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('locks page scroll while any modal is open and restores it after the last closes', () => {
    document.body.style.overflow = 'auto';
    render(<TwoModals />);
    expect(document.body.style.overflow).toBe('hidden');
    const closeButtons = screen.getAllByRole('button', { name: 'Close' });
    fireEvent.click(closeButtons[0] as HTMLElement);
    expect(document.body.style.overflow).toBe('hidden');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.body.style.overflow).toBe('auto');
  });

  it('is a modal <dialog>: Escape closes the top one only, a backdrop click closes, a click inside does not', () => {
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="A" testId="modal-a">
        <p>inside</p>
      </Modal>,
    );
    const dialog = screen.getByTestId('modal-a') as HTMLDialogElement;
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.open).toBe(true);
    fireEvent.click(screen.getByText('inside'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Escape closes the last opened of two', () => {
    render(<TwoModals />);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByText('b')).toBeNull();
    expect(screen.getByText('a')).toBeTruthy();
  });
});

describe('toast', () => {
  it(`disappears after ${TOAST_DURATION_MS} ms`, () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast.success('Saved!');
    });
    expect(screen.getByText('Saved!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 10));
    expect(screen.queryByText('Saved!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(20));
    expect(screen.queryByText('Saved!')).toBeNull();
  });
});

describe('CopyButton', () => {
  it("toasts 'Copied: {text}' on success and 'Failed to copy' on failure", async () => {
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <>
        <CopyButton text="123-456" />
        <Toaster />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied: 123-456')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to copy')).toBeTruthy();
  });
});

describe('Pager', () => {
  it('on page 5 of 10 shows 2 3 4 5 6', () => {
    const onChange = vi.fn();
    render(<Pager page={5} totalPages={10} onChange={onChange} />);
    const numbers = screen.getAllByRole('button', { name: /^Page / }).map((b) => b.textContent);
    expect(numbers).toEqual(['2', '3', '4', '5', '6']);
    fireEvent.click(screen.getByRole('button', { name: 'Page 6' }));
    expect(onChange).toHaveBeenCalledWith(6);
  });
});

describe('GlobalLoader', () => {
  it(`shows only once a call has been in flight for ${LOADER_DELAY_MS} ms`, () => {
    vi.useFakeTimers();
    render(<GlobalLoader />);
    let done = () => {};
    act(() => {
      done = trackRequest();
    });
    act(() => vi.advanceTimersByTime(LOADER_DELAY_MS - 1));
    expect(screen.queryByTestId('loader')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('loader')).toBeTruthy();
    act(() => done());
    expect(screen.queryByTestId('loader')).toBeNull();
  });

  it('never shows for a fast call', () => {
    vi.useFakeTimers();
    render(<GlobalLoader />);
    act(() => {
      const done = trackRequest();
      vi.advanceTimersByTime(50);
      done();
    });
    act(() => vi.advanceTimersByTime(LOADER_DELAY_MS * 2));
    expect(screen.queryByTestId('loader')).toBeNull();
  });
});
