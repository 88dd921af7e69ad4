import { buffers, eventChannel, END, type EventChannel } from 'redux-saga';
import { call, delay, put, race, select, take, takeEvery, takeLatest, all } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import { deleteTradeListing } from './api/delete-trade-listing';
import { deleteTradeOffer } from './api/delete-trade-offer';
import { getIgnored } from './api/get-ignored';
import { getIncomingTradeOffers } from './api/get-incoming-trade-offers';
import { getTradeListings } from './api/get-trade-listings';
import { getTradeNotifications } from './api/get-trade-notifications';
import { getTradeOffers } from './api/get-trade-offers';
import { openTradeEvents } from './api/open-trade-events';
import { postAcknowledgeTradeNotifications } from './api/post-acknowledge-trade-notifications';
import { postIgnoreParticipant } from './api/post-ignore-participant';
import { postTradeOfferResponse } from './api/post-trade-offer-response';
import { postUnignoreParticipant } from './api/post-unignore-participant';
import {
  deleteSavedSearch,
  getSavedSearches,
  patchSavedSearch,
  postRunSavedSearch,
  postSavedSearch,
} from './api/saved-searches';
import type {
  BlockedPlayer,
  SavedSearch,
  SavedSearchRequest,
  TradeListing,
  TradeNotification,
  TradeOffer,
} from './api/trade-types';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import { profileActions as a, selectSavedSearches, type ListState, type TradeScope } from './profile-slice';

/** Spec: without the event stream, notifications and incoming offers are polled this often. */
export const POLL_INTERVAL_MS = 30_000;

/** The event names the trade service's stream may use; any of them means "something changed". */
export const TRADE_EVENT_NAMES = ['message', 'notification', 'trade-notification', 'offer', 'trade-offer', 'listing'];

export type TradeStreamMessage = { kind: 'open' } | { kind: 'event'; type: string } | { kind: 'error' };

/**
 * The EventSource as a saga channel; it ends after the first error (the saga then polls). Events that
 * arrive while the saga is busy refreshing are kept (a few are enough: each one means "refresh").
 */
export function tradeEventChannel(source: EventSource): EventChannel<TradeStreamMessage> {
  return eventChannel<TradeStreamMessage>((emit) => {
    const onOpen = () => emit({ kind: 'open' });
    const onEvent = (event: Event) => emit({ kind: 'event', type: event.type });
    const onError = () => {
      emit({ kind: 'error' });
      emit(END);
    };
    source.addEventListener('open', onOpen);
    source.addEventListener('error', onError);
    for (const name of TRADE_EVENT_NAMES) source.addEventListener(name, onEvent);
    return () => source.close();
  }, buffers.sliding(10));
}

function* loadNotifications({ payload }: PayloadAction<TradeScope>) {
  try {
    const list: TradeNotification[] = yield call(getTradeNotifications, payload.participantId, payload.branch);
    yield put(a.notificationsLoaded(list));
  } catch {
    yield put(a.notificationsFailed());
  }
}

function* loadIncomingOffers({ payload }: PayloadAction<TradeScope>) {
  try {
    const list: TradeOffer[] = yield call(getIncomingTradeOffers, payload.participantId, payload.branch);
    yield put(a.incomingOffersLoaded(list));
  } catch {
    yield put(a.incomingOffersFailed());
  }
}

function* loadMyOffers({ payload }: PayloadAction<TradeScope>) {
  try {
    const list: TradeOffer[] = yield call(getTradeOffers, payload.participantId, payload.branch);
    yield put(a.myOffersLoaded(list));
  } catch {
    yield put(a.myOffersFailed());
  }
}

function* loadMyListings({ payload }: PayloadAction<TradeScope>) {
  try {
    const list: TradeListing[] = yield call(getTradeListings, payload.participantId, payload.branch);
    yield put(a.myListingsLoaded(list));
  } catch {
    yield put(a.myListingsFailed());
  }
}

function* loadBlockedPlayers({ payload }: PayloadAction<TradeScope>) {
  try {
    const list: BlockedPlayer[] = yield call(getIgnored, payload.participantId, payload.branch);
    yield put(a.blockedPlayersLoaded(list));
  } catch {
    yield put(a.blockedPlayersFailed());
  }
}

function* acknowledge({ payload }: PayloadAction<TradeScope & { ids: number[] }>) {
  if (payload.ids.length === 0) return;
  try {
    yield call(postAcknowledgeTradeNotifications, payload.participantId, payload.ids, payload.branch);
    yield put(a.notificationsAcknowledgeSucceeded({ ids: payload.ids, at: new Date().toISOString() }));
  } catch {
    // The Error modal has said why; the rows stay new.
  }
}

function* answerOffer({ payload }: PayloadAction<TradeScope & { offer: TradeOffer; accepted: boolean }>) {
  try {
    yield call(
      postTradeOfferResponse,
      payload.participantId,
      payload.offer.tradeOfferId,
      payload.accepted,
      payload.branch,
    );
    yield put(a.offerAnswerSucceeded({ tradeListingId: payload.offer.tradeListingId }));
  } catch {
    // The Error modal has said why.
  }
}

function* blockPlayer({ payload }: PayloadAction<TradeScope & { otherParticipantId: number }>) {
  try {
    yield call(postIgnoreParticipant, payload.participantId, payload.otherParticipantId, payload.branch);
    yield put(a.playerBlockSucceeded({ otherParticipantId: payload.otherParticipantId }));
  } catch {
    // The Error modal has said why.
  }
}

function* unblockPlayer({ payload }: PayloadAction<TradeScope & { otherParticipantId: number }>) {
  try {
    yield call(postUnignoreParticipant, payload.participantId, payload.otherParticipantId, payload.branch);
    yield put(a.playerUnblockSucceeded({ otherParticipantId: payload.otherParticipantId }));
  } catch {
    // The Error modal has said why.
  }
}

function* withdrawOffer({ payload }: PayloadAction<TradeScope & { tradeOfferId: number }>) {
  try {
    yield call(deleteTradeOffer, payload.participantId, payload.tradeOfferId, payload.branch);
    yield put(a.offerWithdrawSucceeded({ tradeOfferId: payload.tradeOfferId }));
  } catch {
    // The Error modal has said why.
  }
}

function* removeListing({ payload }: PayloadAction<TradeScope & { tradeListingId: number }>) {
  try {
    yield call(deleteTradeListing, payload.participantId, payload.tradeListingId, payload.branch);
    yield put(a.listingRemoveSucceeded({ tradeListingId: payload.tradeListingId }));
  } catch {
    // The Error modal has said why.
  }
}

function* loadSavedSearches({ payload }: PayloadAction<TradeScope>) {
  try {
    const list: SavedSearch[] = yield call(getSavedSearches, payload.participantId, payload.branch);
    yield put(a.savedSearchesLoaded(list));
  } catch {
    yield put(a.savedSearchesFailed());
  }
}

function* saveSearch({ payload }: PayloadAction<TradeScope & { search: SavedSearchRequest }>) {
  try {
    const saved: SavedSearch = yield call(postSavedSearch, payload.participantId, payload.search, payload.branch);
    yield put(a.savedSearchSaveSucceeded(saved));
  } catch (err) {
    // The screen shows why (e.g. 409: at most 20 saved searches).
    yield put(a.savedSearchSaveFailed(err instanceof ApiError ? err.message : GENERIC_ERROR_MESSAGE));
  }
}

function* pauseSavedSearch({ payload }: PayloadAction<TradeScope & { savedSearchId: number; paused: boolean }>) {
  try {
    const updated: SavedSearch = yield call(
      patchSavedSearch,
      payload.participantId,
      payload.savedSearchId,
      payload.paused,
      payload.branch,
    );
    yield put(a.savedSearchUpdated(updated));
  } catch {
    // The Error modal has said why.
  }
}

function* runSavedSearch({ payload }: PayloadAction<TradeScope & { savedSearchId: number }>) {
  try {
    const updated: SavedSearch = yield call(
      postRunSavedSearch,
      payload.participantId,
      payload.savedSearchId,
      payload.branch,
    );
    yield put(a.savedSearchUpdated(updated));
  } catch {
    // The Error modal has said why.
  }
}

function* removeSavedSearch({ payload }: PayloadAction<TradeScope & { savedSearchId: number }>) {
  try {
    yield call(deleteSavedSearch, payload.participantId, payload.savedSearchId, payload.branch);
    yield put(a.savedSearchRemoveSucceeded({ savedSearchId: payload.savedSearchId }));
  } catch {
    // The Error modal has said why.
  }
}

/** A live event may be a new match: saved searches on screen refresh their counts. */
function* refreshSavedSearches({ payload }: PayloadAction<TradeScope & { type: string }>) {
  const current: ListState<SavedSearch> = yield select(selectSavedSearches);
  if (current.status === 'ready' && payload.type !== 'offer')
    yield put(a.savedSearchesRequested({ participantId: payload.participantId, branch: payload.branch }));
}

/** What the live updates keep current. */
function* refreshLive(scope: TradeScope) {
  yield put(a.notificationsRequested(scope));
  yield put(a.incomingOffersRequested(scope));
}

/**
 * Live updates for one participant: the event stream, each event refreshing notifications and incoming
 * offers; if the stream errors (or the browser has none), polling every 30 s instead.
 */
export function* liveUpdates(scope: TradeScope) {
  const source: EventSource | null = yield call(openTradeEvents, scope.participantId, scope.branch);
  if (source) {
    const channel: EventChannel<TradeStreamMessage> = yield call(tradeEventChannel, source);
    try {
      while (true) {
        const message: TradeStreamMessage = yield take(channel);
        if (message.kind === 'error') break;
        if (message.kind === 'open') {
          yield put(a.liveStreamOpened());
        } else {
          yield put(a.tradeEventReceived({ ...scope, type: message.type }));
          yield* refreshLive(scope);
        }
      }
    } finally {
      channel.close();
    }
  }
  yield put(a.liveStreamFailed());
  while (true) {
    yield delay(POLL_INTERVAL_MS);
    yield* refreshLive(scope);
  }
}

function* runTradePost({ payload }: PayloadAction<TradeScope>) {
  yield race({ live: call(liveUpdates, payload), closed: take(a.tradePostClosed.type) });
}

export function* profileSaga() {
  yield all([
    takeLatest(a.tradePostOpened.type, runTradePost),
    takeLatest(a.notificationsRequested.type, loadNotifications),
    takeLatest(a.incomingOffersRequested.type, loadIncomingOffers),
    takeLatest(a.myOffersRequested.type, loadMyOffers),
    takeLatest(a.myListingsRequested.type, loadMyListings),
    takeLatest(a.blockedPlayersRequested.type, loadBlockedPlayers),
    takeEvery(a.notificationsAcknowledged.type, acknowledge),
    takeEvery(a.offerAnswered.type, answerOffer),
    takeEvery(a.playerBlocked.type, blockPlayer),
    takeEvery(a.playerUnblocked.type, unblockPlayer),
    takeEvery(a.offerWithdrawn.type, withdrawOffer),
    takeEvery(a.listingRemoved.type, removeListing),
    takeLatest(a.savedSearchesRequested.type, loadSavedSearches),
    takeEvery(a.savedSearchSaveRequested.type, saveSearch),
    takeEvery(a.savedSearchPauseToggled.type, pauseSavedSearch),
    takeEvery(a.savedSearchRun.type, runSavedSearch),
    takeEvery(a.savedSearchRemoved.type, removeSavedSearch),
    takeEvery(a.tradeEventReceived.type, refreshSavedSearches),
  ]);
}
