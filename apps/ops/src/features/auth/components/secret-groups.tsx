/** The base32 secret in groups of four, for typing into an authenticator by hand. */
export function secretGroups(secret: string): string[] {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];
}

export function SecretGroups({ secret }: { secret: string }) {
  return (
    <code
      data-testid="enrol-secret"
      className="flex flex-wrap gap-x-2 gap-y-1 rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider text-slate-900 select-all"
    >
      {secretGroups(secret).map((group, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups repeat and never move
        <span key={index}>{group}</span>
      ))}
    </code>
  );
}
