import type { THowtoTutorial } from '@krapao/contracts/lookup';
import { lookupPaths } from '@krapao/contracts/lookup-paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** The how-to videos with titles in `language` (the client sends it as Accept-Language). */
export const howtoQuery = (language: string) =>
  queryOptions({
    queryKey: ['lookup', 'howto', language] as const,
    queryFn: ({ signal }) => apiClient.get<THowtoTutorial[]>(lookupPaths.howto, { signal }),
    // A language switch keeps the list on screen until the new titles arrive.
    placeholderData: keepPreviousData,
  });
