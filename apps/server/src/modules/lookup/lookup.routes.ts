import {
  lookupPaths,
  ZActive,
  ZBanksResponse,
  ZContact,
  ZDepositLookup,
  ZEnableChatWidget,
  ZHowtoResponse,
  ZHtmlList,
  ZInfo,
  ZNotice,
  ZRegisterOtp,
  ZSlipLookup,
  ZSourcesResponse,
  ZWithdrawLimits,
} from '@krapao/contracts/lookup';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { typed } from '../../lib/fastify.ts';
import { bearerToken } from '../../plugins/authenticate.ts';
import { createHowtoService } from './howto.ts';
import { localeOfHeader } from './localized-text.ts';
import { createLookupService, type DepositOfferCheck } from './lookup.service.ts';

export async function lookupRoutes(
  fastify: FastifyInstance,
  { ctx, offerBlock }: { ctx: AppContext; offerBlock: DepositOfferCheck },
) {
  const app = typed(fastify);
  const svc = createLookupService(ctx, { offerBlock });
  const tags = ['lookup'];

  app.get(lookupPaths.banks, { schema: { tags, response: { 200: ZBanksResponse } } }, () => svc.banks());
  // The bearer token is optional on the deposit and withdraw lookups: their figures are those of
  // the member's currency; a visitor (or a stale token) gets the site's.
  const memberOf = async (req: FastifyRequest) => {
    const token = bearerToken(req);
    return (token ? await fastify.sessions.verify(token) : null)?.memberId ?? null;
  };
  app.get(lookupPaths.deposit, { schema: { tags, response: { 200: ZDepositLookup } } }, async (req) =>
    svc.memberDeposit(await memberOf(req)),
  );
  // The texts come in the member's language (Accept-Language), Thai where it has none.
  const localeOf = (req: FastifyRequest) => localeOfHeader(req.headers['accept-language']);
  app.get(lookupPaths.conditions, { schema: { tags, response: { 200: ZHtmlList } } }, (req) =>
    svc.conditions(localeOf(req)),
  );
  app.get(lookupPaths.agreements, { schema: { tags, response: { 200: ZHtmlList } } }, (req) =>
    svc.agreements(localeOf(req)),
  );
  app.get(lookupPaths.info, { schema: { tags, response: { 200: ZInfo } } }, () => svc.info());
  app.get(lookupPaths.sources, { schema: { tags, response: { 200: ZSourcesResponse } } }, (req) =>
    svc.sources(localeOf(req)),
  );
  app.get(lookupPaths.notice, { schema: { tags, response: { 200: ZNotice } } }, (req) => svc.notice(localeOf(req)));
  app.get(lookupPaths.contact, { schema: { tags, response: { 200: ZContact } } }, (req) => svc.contact(localeOf(req)));
  const howto = createHowtoService(ctx);
  app.get(lookupPaths.howto, { schema: { tags, response: { 200: ZHowtoResponse } } }, (req) =>
    howto.forMember(localeOf(req)),
  );
  app.get(lookupPaths.withdraw, { schema: { tags, response: { 200: ZWithdrawLimits } } }, async (req) =>
    svc.withdraw(await memberOf(req)),
  );
  app.get(lookupPaths.slip, { schema: { tags, response: { 200: ZSlipLookup } } }, () => svc.slip());
  app.get(lookupPaths.active, { schema: { tags, response: { 200: ZActive } } }, () => svc.active());
  app.get(lookupPaths.registerOTP, { schema: { tags, response: { 200: ZRegisterOtp } } }, () => svc.registerOTP());
  app.get(lookupPaths.enableChatWidget, { schema: { tags, response: { 200: ZEnableChatWidget } } }, () =>
    svc.enableChatWidget(),
  );
}
