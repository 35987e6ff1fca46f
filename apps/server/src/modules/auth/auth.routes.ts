import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function authRoutes(_fastify: FastifyInstance, _opts: { ctx: AppContext }) {}
