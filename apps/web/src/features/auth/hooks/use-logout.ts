import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { clearSession, getToken } from '../../../lib/storage';
import { logout } from '../api/logout';

/**
 * Logout (docs/product.md §2.2): the token, agreement flag and last-sync time go, cached member data too, then
 * /login. The server is told to revoke the session, but the member never waits for it.
 */
export function useLogout(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutate: revoke } = useMutation({ mutationFn: (token: string) => logout(token, newIdempotencyKey()) });
  return useCallback(() => {
    const token = getToken();
    if (token) revoke(token);
    clearSession();
    queryClient.clear();
    navigate('/login', { replace: true });
  }, [navigate, queryClient, revoke]);
}
