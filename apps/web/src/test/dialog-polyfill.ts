// jsdom has <dialog> without showModal and close. This adds what a browser does that the SPA relies
// on: the open attribute, the `close` event, and Escape sending a cancelable `cancel` to the top
// modal dialog only (closing it unless the cancel is stopped).

const stack: HTMLDialogElement[] = [];

function topDialog(): HTMLDialogElement | undefined {
  return stack.filter((dialog) => dialog.isConnected && dialog.hasAttribute('open')).at(-1);
}

export function installDialogPolyfill(): void {
  const proto = HTMLDialogElement.prototype;
  if (typeof proto.showModal === 'function') return;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.hasAttribute('open')) throw new DOMException('The dialog is already open.', 'InvalidStateError');
    this.setAttribute('open', '');
    stack.push(this);
  };
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    const index = stack.indexOf(this);
    if (index >= 0) stack.splice(index, 1);
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    const top = topDialog();
    if (top?.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
