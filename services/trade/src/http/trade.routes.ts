import {
  acknowledgeTradeNotificationsBody,
  createTradeNotificationBody,
  ignoredParticipantSchema,
  listTradeBody,
  tradeBranchQuery,
  tradeBuyoutBody,
  tradeListingParams,
  tradeListingSchema,
  tradeNotificationSchema,
  tradeOfferBody,
  tradeOfferParams,
  tradeOfferResponseQuery,
  tradeOfferSchema,
  tradeOtherParams,
  tradeParticipantParams,
  tradePriceHistoryQuery,
  tradePriceHistorySchema,
  tradeSearchQuery,
  tradeSearchResultSchema,
  tradeSettlementStartedSchema,
  updateTradeListingBody,
  z,
} from '@league/contracts';
import { Api, AppError, type Authenticator } from '@league/platform';
import type { Request, Response } from 'express';
import type { RedisPush } from '../data/push';
import { ignore, ignored, unignore } from '../domain/blocks';
import { ownParticipant, type TradeContext } from '../domain/context';
import { deleteListing, listingsOf, listTrade, updateListing } from '../domain/listings';
import { acknowledge, createNotification, newNotificationCount, notifications } from '../domain/notifications';
import { makeOffer, offersBy, offersTo, withdrawOffer } from '../domain/offers';
import { priceHistory } from '../domain/price-history';
import { search } from '../domain/search';
import { readableBranch } from '../domain/beta';
import { buyout, respond } from '../domain/settlement';

const P = '/trade/participant/:id';
const tags = ['trade'];
const auth = 'required' as const;

/** The reader's languages, for the game names a view shows (the answer varies by them). */
function readerLanguage(req: Request, res: Response): string | undefined {
  res.vary('Accept-Language');
  return req.header('accept-language');
}

/** The trading post's HTTP door: parse with the contracts' schemas, call the use case, answer. */
export function tradeApi(ctx: TradeContext, authn: Authenticator, push: RedisPush): Api {
  const api = new Api(authn);
  api
    .route(
      {
        method: 'get',
        path: '/trade/trade-search',
        summary: 'Other players’ open listings in my season',
        tags,
        auth,
        query: tradeSearchQuery,
        response: tradeSearchResultSchema,
      },
      ({ user, query, req, res }) => search(ctx, user, query, readerLanguage(req, res)),
    )
    .route(
      {
        method: 'get',
        path: '/trade/price-history',
        summary:
          'Median, volume and the last 20 prices of a base record (given, or of a stash item); beta prices for testers and admins',
        tags,
        auth: 'optional',
        query: tradePriceHistoryQuery,
        response: tradePriceHistorySchema,
      },
      ({ query, user, req, res }) =>
        priceHistory(ctx, query, readableBranch(query.branch, user), readerLanguage(req, res)),
    )
    .route(
      {
        method: 'post',
        path: '/trade/trade-notification',
        summary: 'A notification to one’s own participant (compatibility)',
        tags,
        auth,
        body: createTradeNotificationBody,
        query: tradeBranchQuery,
        response: tradeNotificationSchema,
      },
      ({ user, body }) => createNotification(ctx, user, body),
    )
    .route(
      {
        method: 'post',
        path: `${P}/list-trade`,
        summary: 'List a stash item for trade',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        body: listTradeBody,
        response: tradeListingSchema,
      },
      ({ user, params, body, req, res }) => listTrade(ctx, user, params.id, body, readerLanguage(req, res)),
    )
    .route(
      {
        method: 'put',
        path: `${P}/trade-listing`,
        summary: 'Change a listing’s price and comment',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        body: updateTradeListingBody,
        response: tradeListingSchema,
      },
      ({ user, params, body, req, res }) => updateListing(ctx, user, params.id, body, readerLanguage(req, res)),
    )
    .route(
      {
        method: 'delete',
        path: `${P}/trade-listing/:listingId`,
        summary: 'Remove a listing (its item is released)',
        tags,
        auth,
        params: tradeListingParams,
        query: tradeBranchQuery,
      },
      ({ user, params }) => deleteListing(ctx, user, params.id, params.listingId),
    )
    .route(
      {
        method: 'get',
        path: `${P}/trade-listings`,
        summary: 'My open listings',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        response: z.array(tradeListingSchema),
      },
      ({ user, params, req, res }) => listingsOf(ctx, user, params.id, readerLanguage(req, res)),
    )
    .route(
      {
        method: 'post',
        path: `${P}/trade-offer`,
        summary: 'Offer items for a listing (they are reserved)',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        body: tradeOfferBody,
        response: tradeOfferSchema,
      },
      ({ user, params, body, req, res }) => makeOffer(ctx, user, params.id, body, readerLanguage(req, res)),
    )
    .route(
      {
        method: 'get',
        path: `${P}/trade-offers`,
        summary: 'My open offers',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        response: z.array(tradeOfferSchema),
      },
      ({ user, params, req, res }) => offersBy(ctx, user, params.id, readerLanguage(req, res)),
    )
    .route(
      {
        method: 'get',
        path: `${P}/trade-offers/incoming`,
        summary: 'Open offers on my listings',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        response: z.array(tradeOfferSchema),
      },
      ({ user, params, req, res }) => offersTo(ctx, user, params.id, readerLanguage(req, res)),
    )
    .route(
      {
        method: 'delete',
        path: `${P}/trade-offer/:offerId`,
        summary: 'Withdraw my offer',
        tags,
        auth,
        params: tradeOfferParams,
        query: tradeBranchQuery,
      },
      ({ user, params }) => withdrawOffer(ctx, user, params.id, params.offerId),
    )
    .route(
      {
        method: 'post',
        path: `${P}/trade-offer/:offerId/response`,
        summary: 'Accept (settles) or reject an offer on my listing',
        tags,
        auth,
        params: tradeOfferParams,
        query: tradeOfferResponseQuery,
        errors: { 403: 'Not the listing owner', 409: 'The listing is already being settled' },
      },
      ({ user, params, query }) => respond(ctx, user, params.id, params.offerId, query.accepted),
    )
    .route(
      {
        method: 'post',
        path: `${P}/buyout`,
        summary: 'Buy a listing at its asking price',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        body: tradeBuyoutBody,
        response: tradeSettlementStartedSchema,
        errors: { 409: 'The listing is already being settled' },
      },
      ({ user, params, body }) => buyout(ctx, user, params.id, body.tradeListingId),
    )
    .route(
      {
        method: 'get',
        path: `${P}/trade-notifications/new`,
        summary: 'How many notifications are unread (plain-text integer, for the launcher)',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
      },
      async ({ user, params }) => String(await newNotificationCount(ctx, user, params.id)),
    )
    .route(
      {
        method: 'get',
        path: `${P}/trade-notifications`,
        summary: 'My trade notifications, newest first',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        response: z.array(tradeNotificationSchema),
      },
      ({ user, params, req, res }) => notifications(ctx, user, params.id, readerLanguage(req, res)),
    )
    .route(
      {
        method: 'post',
        path: `${P}/acknowledge-trade-notifications`,
        summary: 'Mark notifications read',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        body: acknowledgeTradeNotificationsBody,
      },
      ({ user, params, body }) => acknowledge(ctx, user, params.id, body),
    )
    .route(
      {
        method: 'get',
        path: `${P}/ignored`,
        summary: 'Players I blocked',
        tags,
        auth,
        params: tradeParticipantParams,
        query: tradeBranchQuery,
        response: z.array(ignoredParticipantSchema),
      },
      ({ user, params }) => ignored(ctx, user, params.id),
    )
    .route(
      {
        method: 'post',
        path: `${P}/ignore-participant-trade/:otherId`,
        summary: 'Block a player (hides listings and offers both ways)',
        tags,
        auth,
        params: tradeOtherParams,
        query: tradeBranchQuery,
      },
      ({ user, params }) => ignore(ctx, user, params.id, params.otherId),
    )
    .route(
      {
        method: 'post',
        path: `${P}/unignore-participant-trade/:otherId`,
        summary: 'Unblock a player',
        tags,
        auth,
        params: tradeOtherParams,
        query: tradeBranchQuery,
      },
      ({ user, params }) => unignore(ctx, user, params.id, params.otherId),
    )
    .route(
      {
        method: 'get',
        path: `${P}/events`,
        summary: 'Server-sent events: new notifications and incoming offers (token in the header or ?access_token=)',
        tags,
        params: tradeParticipantParams,
        query: tradeBranchQuery.extend({ access_token: z.string().optional() }),
      },
      async ({ req, res, params, query }) => {
        const header = req.headers.authorization;
        const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : query.access_token;
        if (!token) throw AppError.unauthorized();
        const user = await authn.verify(token);
        // Ownership (and the participant's existence) as every other participant route checks it.
        await ownParticipant(ctx, user, params.id);
        push.attach(params.id, res);
      },
    );
  return api;
}
