import { queryOptions } from '@tanstack/react-query';
import { getLookup, type LookupName } from './lookup-api';

/** One cached query per lookup; fetched again on each mount of a screen that uses it. */
export function lookupQuery<K extends LookupName>(name: K) {
  return queryOptions({
    queryKey: ['lookup', name] as const,
    queryFn: ({ signal }) => getLookup(name, signal),
  });
}
