import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@/app/store';
import type { Branch } from '@/lib/branch';
import {
  NOTIFICATION_STATUSES,
  type BlockedPlayer,
  type SavedSearch,
  type SavedSearchRequest,
  type TradeListing,
  type TradeNotification,
  type TradeOffer,
} from './api/trade-types';

/** A list the trading post screens show: loading until its first answer, then kept while refreshing. */
export interface ListState<T> {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  items: T[];
}

const idle = <T>(): ListState<T> => ({ status: 'idle', items: [] });

/** Which participant's trading post a request is for. */
export interface TradeScope {
  participantId: number;
  branch: Branch;
}

export interface ProfileState {
  notifications: ListState<TradeNotification>;
  incomingOffers: ListState<TradeOffer>;
  myOffers: ListState<TradeOffer>;
  myListings: ListState<TradeListing>;
  blockedPlayers: ListState<BlockedPlayer>;
  /** The listing the offer screen is about; chosen on the trade search. */
  chosenListing: TradeListing | null;
  /** How notifications and incoming offers stay current: the event stream, or polling after it failed. */
  live: 'off' | 'connecting' | 'streaming' | 'polling';
  /** The trade service's saved searches (they keep watching new listings). */
  savedSearches: ListState<SavedSearch>;
  /** 'Save this search' on the trade search screen: its last outcome (the server's message when refused). */
  savedSearchSave: { status: 'idle' | 'saving' | 'saved' | 'failed'; message: string | null };
}

const initialState: ProfileState = {
  notifications: idle(),
  incomingOffers: idle(),
  myOffers: idle(),
  myListings: idle(),
  blockedPlayers: idle(),
  chosenListing: null,
  live: 'off',
  savedSearches: idle(),
  savedSearchSave: { status: 'idle', message: null },
};

type ListKey = 'notifications' | 'incomingOffers' | 'myOffers' | 'myListings' | 'blockedPlayers' | 'savedSearches';

const requested = (key: ListKey) => (state: ProfileState) => {
  if (state[key].status !== 'ready') state[key].status = 'loading';
};
const failed = (key: ListKey) => (state: ProfileState) => {
  if (state[key].status !== 'ready') state[key].status = 'failed';
};

export const profileSlice = createSlice({
  name: 'profile',
  initialState,
  reducers: {
    // The trading post's live updates, for as long as one of its screens is open.
    tradePostOpened: (state, _action: PayloadAction<TradeScope>) => {
      state.live = 'connecting';
    },
    tradePostClosed: (state) => {
      state.live = 'off';
    },
    liveStreamOpened: (state) => {
      state.live = 'streaming';
    },
    liveStreamFailed: (state) => {
      state.live = 'polling';
    },
    tradeEventReceived: (_state, _action: PayloadAction<TradeScope & { type: string }>) => undefined,

    notificationsRequested: (state, _action: PayloadAction<TradeScope>) => requested('notifications')(state),
    notificationsLoaded: (state, action: PayloadAction<TradeNotification[]>) => {
      state.notifications = { status: 'ready', items: action.payload };
    },
    notificationsFailed: (state) => failed('notifications')(state),
    notificationsAcknowledged: (_state, _action: PayloadAction<TradeScope & { ids: number[] }>) => undefined,
    notificationsAcknowledgeSucceeded: (state, action: PayloadAction<{ ids: number[]; at: string }>) => {
      for (const n of state.notifications.items) {
        if (action.payload.ids.includes(n.tradeNotificationId)) n.acknowledgedOn = action.payload.at;
      }
    },

    incomingOffersRequested: (state, _action: PayloadAction<TradeScope>) => requested('incomingOffers')(state),
    incomingOffersLoaded: (state, action: PayloadAction<TradeOffer[]>) => {
      state.incomingOffers = { status: 'ready', items: action.payload };
    },
    incomingOffersFailed: (state) => failed('incomingOffers')(state),
    offerAnswered: (_state, _action: PayloadAction<TradeScope & { offer: TradeOffer; accepted: boolean }>) => undefined,
    /** Approved or rejected: every offer on that listing is done (spec §4). */
    offerAnswerSucceeded: (state, action: PayloadAction<{ tradeListingId: number }>) => {
      state.incomingOffers.items = state.incomingOffers.items.filter(
        (o) => o.tradeListingId !== action.payload.tradeListingId,
      );
    },
    playerBlocked: (_state, _action: PayloadAction<TradeScope & { otherParticipantId: number }>) => undefined,
    /** Blocking hides every offer of that player (spec §4). */
    playerBlockSucceeded: (state, action: PayloadAction<{ otherParticipantId: number }>) => {
      state.incomingOffers.items = state.incomingOffers.items.filter(
        (o) => o.seasonParticipantId !== action.payload.otherParticipantId,
      );
    },

    myOffersRequested: (state, _action: PayloadAction<TradeScope>) => requested('myOffers')(state),
    myOffersLoaded: (state, action: PayloadAction<TradeOffer[]>) => {
      state.myOffers = { status: 'ready', items: action.payload };
    },
    myOffersFailed: (state) => failed('myOffers')(state),
    offerWithdrawn: (_state, _action: PayloadAction<TradeScope & { tradeOfferId: number }>) => undefined,
    offerWithdrawSucceeded: (state, action: PayloadAction<{ tradeOfferId: number }>) => {
      state.myOffers.items = state.myOffers.items.filter((o) => o.tradeOfferId !== action.payload.tradeOfferId);
    },

    myListingsRequested: (state, _action: PayloadAction<TradeScope>) => requested('myListings')(state),
    myListingsLoaded: (state, action: PayloadAction<TradeListing[]>) => {
      state.myListings = { status: 'ready', items: action.payload };
    },
    myListingsFailed: (state) => failed('myListings')(state),
    listingRemoved: (_state, _action: PayloadAction<TradeScope & { tradeListingId: number }>) => undefined,
    listingRemoveSucceeded: (state, action: PayloadAction<{ tradeListingId: number }>) => {
      state.myListings.items = state.myListings.items.filter((l) => l.tradeListingId !== action.payload.tradeListingId);
    },
    listingSaved: (state, action: PayloadAction<TradeListing>) => {
      const index = state.myListings.items.findIndex((l) => l.tradeListingId === action.payload.tradeListingId);
      if (index >= 0) state.myListings.items[index] = action.payload;
    },

    blockedPlayersRequested: (state, _action: PayloadAction<TradeScope>) => requested('blockedPlayers')(state),
    blockedPlayersLoaded: (state, action: PayloadAction<BlockedPlayer[]>) => {
      state.blockedPlayers = { status: 'ready', items: action.payload };
    },
    blockedPlayersFailed: (state) => failed('blockedPlayers')(state),
    playerUnblocked: (_state, _action: PayloadAction<TradeScope & { otherParticipantId: number }>) => undefined,
    playerUnblockSucceeded: (state, action: PayloadAction<{ otherParticipantId: number }>) => {
      state.blockedPlayers.items = state.blockedPlayers.items.filter(
        (b) => b.ignoredParticipantId !== action.payload.otherParticipantId,
      );
    },

    tradeListingChosen: (state, action: PayloadAction<TradeListing>) => {
      state.chosenListing = action.payload;
    },

    savedSearchesRequested: (state, _action: PayloadAction<TradeScope>) => requested('savedSearches')(state),
    savedSearchesLoaded: (state, action: PayloadAction<SavedSearch[]>) => {
      state.savedSearches = { status: 'ready', items: action.payload };
    },
    savedSearchesFailed: (state) => failed('savedSearches')(state),
    savedSearchSaveRequested: (state, _action: PayloadAction<TradeScope & { search: SavedSearchRequest }>) => {
      state.savedSearchSave = { status: 'saving', message: null };
    },
    savedSearchSaveSucceeded: (state, action: PayloadAction<SavedSearch>) => {
      state.savedSearchSave = { status: 'saved', message: null };
      if (state.savedSearches.status === 'ready') state.savedSearches.items.push(action.payload);
    },
    savedSearchSaveFailed: (state, action: PayloadAction<string>) => {
      state.savedSearchSave = { status: 'failed', message: action.payload };
    },
    savedSearchSaveDismissed: (state) => {
      state.savedSearchSave = { status: 'idle', message: null };
    },
    savedSearchPauseToggled: (
      _state,
      _action: PayloadAction<TradeScope & { savedSearchId: number; paused: boolean }>,
    ) => undefined,
    /** Run opens the trade search with its filters; the server starts its new-match count again. */
    savedSearchRun: (_state, _action: PayloadAction<TradeScope & { savedSearchId: number }>) => undefined,
    savedSearchUpdated: (state, action: PayloadAction<SavedSearch>) => {
      const i = state.savedSearches.items.findIndex((s) => s.savedSearchId === action.payload.savedSearchId);
      if (i >= 0) state.savedSearches.items[i] = action.payload;
    },
    savedSearchRemoved: (_state, _action: PayloadAction<TradeScope & { savedSearchId: number }>) => undefined,
    savedSearchRemoveSucceeded: (state, action: PayloadAction<{ savedSearchId: number }>) => {
      state.savedSearches.items = state.savedSearches.items.filter(
        (s) => s.savedSearchId !== action.payload.savedSearchId,
      );
    },
  },
  selectors: {
    selectNotifications: (state) => state.notifications,
    selectIncomingOffers: (state) => state.incomingOffers,
    selectMyOffers: (state) => state.myOffers,
    selectMyListings: (state) => state.myListings,
    selectBlockedPlayers: (state) => state.blockedPlayers,
    selectChosenListing: (state) => state.chosenListing,
    selectLive: (state) => state.live,
    selectSavedSearches: (state) => state.savedSearches,
    selectSavedSearchSave: (state) => state.savedSearchSave,
  },
});

declare module '@/app/store' {
  // The profile chunk's slice, injected when the chunk loads.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface LazyLoadedSlices extends WithSlice<typeof profileSlice> {}
}

/** Injected into the app's reducer when the profile chunk loads; its selectors answer before that too. */
export const injectedProfileSlice = profileSlice.injectInto(rootReducer);

export const profileActions = profileSlice.actions;
export const {
  selectNotifications,
  selectIncomingOffers,
  selectMyOffers,
  selectMyListings,
  selectBlockedPlayers,
  selectChosenListing,
  selectLive,
  selectSavedSearches,
  selectSavedSearchSave,
} = injectedProfileSlice.selectors;

/** The statuses the client shows (spec §4); any other status is left out. */
export function isShownNotification(n: TradeNotification): boolean {
  return (NOTIFICATION_STATUSES as readonly string[]).includes(n.status);
}

/** Unacknowledged notifications of the statuses the screen shows. */
export function countNew(notifications: TradeNotification[]): number {
  return notifications.filter((n) => isShownNotification(n) && !n.acknowledgedOn).length;
}
