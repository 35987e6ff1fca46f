import { TRUELINK_PASSPHRASE, type TTruelinkResponse } from '@krapao/contracts/deposit';
import { walletPaths } from '@krapao/contracts/wallet-paths';
import { apiClient } from '../../../lib/api-client';
import { answeringMemberLive } from '../../../lib/member-live';

/**
 * The gift link as the wire carries it: AES with the fixed passphrase in CryptoJS's OpenSSL "Salted__"
 * format (decision 041). crypto-js loads only when a link is sent, and only its AES part.
 */
export async function encryptTruelink(link: string): Promise<string> {
  const { default: AES } = await import('crypto-js/aes');
  return AES.encrypt(link.trim(), TRUELINK_PASSPHRASE).toString();
}

/** POST /api/wallet/truelink {link}, the link encrypted; its answer is the credit a live `deposit` would repeat. */
export async function sendTruemoneyLink(link: string, idempotencyKey: string): Promise<TTruelinkResponse> {
  const encrypted = await encryptTruelink(link);
  return answeringMemberLive(
    apiClient.post<TTruelinkResponse>(walletPaths.truelink, { link: encrypted }, { idempotencyKey }),
    { kinds: ['deposit'], ok: (answer) => ({ kind: 'deposit', amount: answer.amount }) },
  );
}
