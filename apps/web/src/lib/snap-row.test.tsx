import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSnapRow } from './snap-row';

/** An IntersectionObserver the test drives: it reports what the test says each slide shows. */
class FakeObserver {
  static last: FakeObserver | null = null;
  watched: Element[] = [];
  disconnected = false;
  constructor(
    readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(el: Element) {
    this.watched.push(el);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(ratios: Record<number, number>) {
    act(() =>
      this.report(
        Object.entries(ratios).map(([i, ratio]) => ({ target: this.watched[Number(i)], intersectionRatio: ratio })),
      ),
    );
  }
}

function Row({ count }: { count: number }) {
  const ref = useRef<HTMLUListElement>(null);
  const { canPrev, canNext, current } = useSnapRow(ref, count);
  return (
    <>
      <ul ref={ref}>
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed test slides.
          <li key={i}>{i}</li>
        ))}
      </ul>
      <output>{`${canPrev} ${canNext} ${current}`}</output>
    </>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = null;
});

describe('useSnapRow', () => {
  it('follows the slides in view: the ends by the first and last slide, the current one by the first mostly shown', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const view = render(<Row count={4} />);
    const observer = FakeObserver.last!;
    expect(observer.watched).toHaveLength(4);
    expect(observer.options.root).toBe(screen.getByRole('list'));
    expect(screen.getByRole('status').textContent).toBe('false false 0');

    observer.show({ 0: 1, 1: 0.2, 2: 0, 3: 0 });
    expect(screen.getByRole('status').textContent).toBe('false true 0');
    observer.show({ 0: 0.3, 1: 0.7 });
    expect(screen.getByRole('status').textContent).toBe('true true 1');
    observer.show({ 0: 0, 1: 0, 2: 0.4, 3: 1 });
    expect(screen.getByRole('status').textContent).toBe('true false 3');

    view.unmount();
    expect(observer.disconnected).toBe(true);
  });

  it('watches nothing without slides, or where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    render(<Row count={0} />);
    expect(FakeObserver.last).toBeNull();
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Row count={2} />);
    expect(screen.getAllByRole('status').at(-1)?.textContent).toBe('false false 0');
  });
});
