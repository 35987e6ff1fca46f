import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { getLookup, type LookupName } from './lookup-api';

/** One cached query per lookup; fetched again on each mount of a screen that uses it. */
export function lookupQuery<K extends LookupName>(name: K) {
  return queryOptions({
    queryKey: ['lookup', name] as const,
    queryFn: ({ signal }) => getLookup(name, signal),
  });
}

/**
 * A lookup whose texts come in the language asked for (the client sends it as Accept-Language): one
 * cached answer per language, and a language switch keeps the last answer on screen until the new
 * texts arrive.
 */
export function localizedLookupQuery<K extends LookupName>(name: K, language: string) {
  return queryOptions({
    queryKey: ['lookup', name, language] as const,
    queryFn: ({ signal }) => getLookup(name, signal),
    placeholderData: keepPreviousData,
  });
}
