// The forms' zod resolver. zod would try `new Function` to speed up object parsing; the console's CSP
// forbids it (a refused eval and a console error on every page), so zod runs without it.
import { zodResolver } from '@hookform/resolvers/zod';
import { config } from 'zod';

config({ jitless: true });

export { zodResolver };
