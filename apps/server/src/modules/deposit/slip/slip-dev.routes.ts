// Dev-only control of the sandbox slip verifier's faults (registered with the other /dev routes,
// refused in production). PUT replaces the whole setting; GET reads it.
import { devPaths } from '@krapao/contracts/dev';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  SLIP_VERIFIER_FAULTS,
  sandboxSlipVerifierOf,
  ZSlipVerifierFaults,
} from '../../../adapters/slip/sandbox-verifier.ts';
import type { AppContext } from '../../../context.ts';
import { AppError } from '../../../lib/app-error.ts';
import { typed } from '../../../lib/fastify.ts';

export const SLIP_VERIFIER_FAULTS_PATH = `${devPaths.paymentFaults}/slip-verifier`;

const ZSlipVerifierFaultsResponse = z.object({
  next: z.array(z.enum(SLIP_VERIFIER_FAULTS)),
  timeoutRate: z.number(),
  errorRate: z.number(),
  captchaRate: z.number(),
  slowMs: z.number(),
});

export async function slipDevRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const app = typed(fastify);
  const tags = ['dev'];
  const sandbox = () => {
    const verifier = sandboxSlipVerifierOf(ctx.payments.slipVerifier);
    if (!verifier) throw new AppError('NO_DATA');
    return verifier;
  };

  app.get(SLIP_VERIFIER_FAULTS_PATH, { schema: { tags, response: { 200: ZSlipVerifierFaultsResponse } } }, () =>
    sandbox().faults.get(),
  );
  app.put(
    SLIP_VERIFIER_FAULTS_PATH,
    { schema: { tags, body: ZSlipVerifierFaults, response: { 200: ZSlipVerifierFaultsResponse } } },
    (req) => sandbox().faults.set(req.body),
  );
}
