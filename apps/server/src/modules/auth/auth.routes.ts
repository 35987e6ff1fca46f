import {
  authPaths,
  ZLoginRequest,
  ZLoginResponse,
  ZOtpSendRequest,
  ZOtpSendResponse,
  ZOtpVerifyRequest,
  ZOtpVerifyResponse,
  ZRegisterRequest,
  ZRegisterResponse,
  ZRegisterValidateRequest,
  ZValidateResponse,
} from '@krapao/contracts/auth';
import { ZMessageResponse } from '@krapao/contracts/http';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { memberOf } from '../../plugins/authenticate.ts';
import { createLoginService } from './login.service.ts';
import { createOtpService } from './otp.service.ts';
import { createRegisterService, type FirstDepositLimit } from './register.service.ts';

/** Added to the wire (decision 001): ends the session on the server too when the SPA logs out. */
/** No body, or an empty JSON object. */
const ZNoBody = z.strictObject({}).nullish();

/** `firstDepositLimit` writes a deposit limit chosen while registering (player protection, from the root). */
export async function authRoutes(
  fastify: FastifyInstance,
  { ctx, firstDepositLimit }: { ctx: AppContext; firstDepositLimit?: FirstDepositLimit },
) {
  const app = typed(fastify);
  const login = createLoginService(ctx);
  const otp = createOtpService(ctx);
  const register = createRegisterService(ctx, { firstDepositLimit });
  const tags = ['auth'];

  app.post(authPaths.login, { schema: { tags, body: ZLoginRequest, response: { 200: ZLoginResponse } } }, (req) =>
    login.login(req.body.username, req.body.password, req.ip),
  );

  app.post(
    authPaths.logout,
    { onRequest: [app.authenticate], schema: { tags, body: ZNoBody, response: { 200: ZMessageResponse } } },
    (req) => login.logout(memberOf(req).sessionId),
  );

  app.post(authPaths.otpSend, { schema: { tags, body: ZOtpSendRequest, response: { 200: ZOtpSendResponse } } }, (req) =>
    otp.send(req.body.phoneNumber, req.ip),
  );

  app.post(
    authPaths.otpVerify,
    { schema: { tags, body: ZOtpVerifyRequest, response: { 200: ZOtpVerifyResponse } } },
    (req) => otp.verify(req.body.otpToken, req.body.otpCode, req.ip),
  );

  app.post(
    authPaths.validate,
    { schema: { tags, body: ZRegisterValidateRequest, response: { 200: ZValidateResponse } } },
    (req) => register.validate(req.body, req.ip),
  );

  app.post(
    authPaths.register,
    { schema: { tags, body: ZRegisterRequest, response: { 200: ZRegisterResponse } } },
    (req) => register.register(req.body, req.ip),
  );
}
