import { type ReactNode, useEffect } from 'react';

/** Sets the browser tab title while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

type PageProps = { title: string; children?: ReactNode; testId?: string; actions?: ReactNode };

/** A screen's frame: heading, optional actions beside it, content. */
export function Page({ title, children, testId, actions }: PageProps) {
  useDocumentTitle(title);
  return (
    <section data-testid={testId} className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-xl font-bold text-gold-300">{title}</h1>
        {actions}
      </div>
      {children}
    </section>
  );
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <div className={`rounded-2xl border border-gold-700/25 bg-ink-900/80 p-4 shadow-lg shadow-black/30 ${className}`}>
      {children}
    </div>
  );
}
