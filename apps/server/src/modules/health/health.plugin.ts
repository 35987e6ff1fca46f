// Health probes and the graceful stop of this instance: one place knows whether it is stopping.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppContext } from '../../context.ts';
import type { Jobs } from '../../jobs.ts';
import { createDrain } from './drain.ts';
import { healthRoutes } from './health.routes.ts';
import { createHealthService } from './health.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Ready turns 503 and no connection is accepted; jobs stop between items; requests in flight get
     * their answers until `deadlineMs`; then the app closes. Resolves whether everything finished in time.
     */
    stopGracefully(deadlineMs: number): Promise<boolean>;
  }
}

export const healthPlugin = fp(async (app: FastifyInstance, { ctx, jobs }: { ctx: AppContext; jobs: Jobs }) => {
  const drain = createDrain(app);
  const health = createHealthService(ctx, { jobs, isStopping: () => drain.stopping, log: app.log });
  app.addHook('onClose', () => health.close());
  await app.register(healthRoutes, { health });

  app.decorate('stopGracefully', async (deadlineMs: number) => {
    const deadline = Date.now() + deadlineMs;
    drain.begin();
    const jobsStopped = jobs.stop().then(() => true);
    const drained = await drain.settled(deadline);
    const timeLeft = Math.max(0, deadline - Date.now());
    const late = new Promise<false>((r) => setTimeout(() => r(false), timeLeft).unref());
    const jobsInTime = await Promise.race([jobsStopped, late]);
    await app.close();
    return drained && jobsInTime;
  });
});
