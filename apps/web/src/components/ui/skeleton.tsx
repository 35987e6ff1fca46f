/**
 * Stands in for a figure that is not known yet (a balance, a name). Give it the height of the text
 * line it replaces (`h-7` for text-lg, `h-9` for text-3xl…) so nothing moves when the figure arrives.
 */
export function Skeleton({ className, testId = 'skeleton' }: { className: string; testId?: string }) {
  return (
    <span
      aria-hidden="true"
      data-testid={testId}
      className={`block animate-pulse rounded-md bg-white/10 motion-reduce:animate-none ${className}`}
    />
  );
}
