// The double-submit CSRF token: the server sets OPS_CSRF_COOKIE (readable by script), the console
// echoes it in OPS_CSRF_HEADER on every call that changes something.
import { OPS_CSRF_COOKIE } from '@krapao/contracts/ops/paths';

export function csrfToken(cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === OPS_CSRF_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}
