// Dev-only control of the sandbox game provider's faults (registered with the other /dev routes,
// so refused in production). PUT replaces the whole setting; GET reads it.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PROVIDER_FAULTS,
  PROVIDER_METHODS,
  type ProviderFaultsInput,
  ZProviderFaults,
} from '../../adapters/games/sandbox/faults.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { typed } from '../../lib/fastify.ts';

export const PROVIDER_FAULTS_PATH = '/dev/provider-faults';

const ZProviderFaultsResponse = z.object({
  next: z.array(z.enum(PROVIDER_FAULTS)),
  timeoutRate: z.number(),
  errorRate: z.number(),
  lostResponseRate: z.number(),
  slowMs: z.number(),
  methods: z.array(z.enum(PROVIDER_METHODS)).optional(),
});

/** For tests: sets the sandbox provider's faults of this app (throws when the sandbox is not in use). */
export function setProviderFaults(ctx: AppContext, faults: ProviderFaultsInput) {
  const sandbox = ctx.gameProviders.sandbox;
  if (!sandbox) throw new Error('GAME_PROVIDER is not the sandbox');
  return sandbox.faults.set(faults);
}

export async function providerFaultRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const tags = ['dev'];
  const sandbox = () => {
    if (!ctx.gameProviders.sandbox) throw new AppError('NO_DATA');
    return ctx.gameProviders.sandbox;
  };

  app.get(PROVIDER_FAULTS_PATH, { schema: { tags, response: { 200: ZProviderFaultsResponse } } }, () =>
    sandbox().faults.get(),
  );
  app.put(
    PROVIDER_FAULTS_PATH,
    { schema: { tags, body: ZProviderFaults, response: { 200: ZProviderFaultsResponse } } },
    (req) => sandbox().faults.set(req.body),
  );
}
