import { chatPaths, type TChatIdentity } from '@krapao/contracts/chat';
import { apiClient } from '../../../lib/api-client';

/** PUT /api/chat/read-customer/ {userId, guestId}, with the trailing slash. */
export function readCustomer(identity: TChatIdentity): Promise<{ message: 'OK' }> {
  return apiClient.put<{ message: 'OK' }>(chatPaths.readCustomer, identity, { loader: false });
}
