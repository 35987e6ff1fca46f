// Lookups: GET, no payload. Shared by every feature that needs site data.
import type {
  TActive,
  TBank,
  TContact,
  TDepositLookup,
  THowtoTutorial,
  TInfo,
  TNotice,
  TSlipLookup,
  TSource,
  TWithdrawLimits,
} from '@krapao/contracts/lookup';
import { lookupPaths } from '@krapao/contracts/lookup-paths';
import { apiClient } from './api-client';

export type LookupResponses = {
  banks: TBank[];
  deposit: TDepositLookup;
  conditions: string[];
  agreements: string[];
  info: TInfo;
  notice: TNotice;
  contact: TContact;
  withdraw: TWithdrawLimits;
  slip: TSlipLookup;
  sources: TSource[];
  active: TActive;
  registerOTP: { registerOTP: boolean };
  enableChatWidget: { enableChatWidget: boolean };
  howto: THowtoTutorial[];
};

export type LookupName = keyof typeof lookupPaths & keyof LookupResponses;

export function getLookup<K extends LookupName>(name: K, signal?: AbortSignal): Promise<LookupResponses[K]> {
  return apiClient.get<LookupResponses[K]>(lookupPaths[name], { signal });
}
