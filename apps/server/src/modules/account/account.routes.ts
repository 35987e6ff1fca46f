import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function accountRoutes(_fastify: FastifyInstance, _opts: { ctx: AppContext }) {}
