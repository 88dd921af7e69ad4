import { END } from 'redux-saga';
import { call, delay, put, take } from 'redux-saga/effects';
import { openTradeEvents } from '../api/open-trade-events';
import { liveUpdates, POLL_INTERVAL_MS, tradeEventChannel, type TradeStreamMessage } from '../profile-sagas';
import { profileActions as a } from '../profile-slice';
import { FakeEventSource } from './fake-event-source';

const scope = { participantId: 41, branch: 'prod' as const };

describe('live updates saga', () => {
  it('when the stream opens and pushes an event, then notifications and incoming offers are requested again', () => {
    const source = new FakeEventSource('/api/x') as unknown as EventSource;
    const channel = tradeEventChannel(source);
    const saga = liveUpdates(scope) as Generator<unknown, void, unknown>;

    expect(saga.next().value).toEqual(call(openTradeEvents, 41, 'prod'));
    expect(saga.next(source).value).toEqual(call(tradeEventChannel, source));
    expect(saga.next(channel).value).toEqual(take(channel));
    expect(saga.next({ kind: 'open' }).value).toEqual(put(a.liveStreamOpened()));
    expect(saga.next().value).toEqual(take(channel));
    expect(saga.next({ kind: 'event', type: 'offer' }).value).toEqual(
      put(a.tradeEventReceived({ ...scope, type: 'offer' })),
    );
    expect(saga.next().value).toEqual(put(a.notificationsRequested(scope)));
    expect(saga.next().value).toEqual(put(a.incomingOffersRequested(scope)));
    expect(saga.next().value).toEqual(take(channel));
  });

  it('when the stream errors, then it is closed and the saga polls every 30 seconds', () => {
    const fake = new FakeEventSource('/api/x');
    const source = fake as unknown as EventSource;
    const channel = tradeEventChannel(source);
    const saga = liveUpdates(scope) as Generator<unknown, void, unknown>;

    saga.next();
    saga.next(source);
    saga.next(channel);
    expect(saga.next({ kind: 'error' }).value).toEqual(put(a.liveStreamFailed()));
    expect(fake.closed).toBe(true);
    expect(POLL_INTERVAL_MS).toBe(30_000);
    for (let round = 0; round < 2; round++) {
      expect(saga.next().value).toEqual(delay(30_000));
      expect(saga.next().value).toEqual(put(a.notificationsRequested(scope)));
      expect(saga.next().value).toEqual(put(a.incomingOffersRequested(scope)));
    }
  });

  it('when the browser has no EventSource, then the saga polls from the start', () => {
    const saga = liveUpdates(scope) as Generator<unknown, void, unknown>;
    saga.next();
    expect(saga.next(null).value).toEqual(put(a.liveStreamFailed()));
    expect(saga.next().value).toEqual(delay(30_000));
  });
});

describe('trade event channel', () => {
  it('when the source opens, sends named events and errors, then the channel carries them and ends', () => {
    const fake = new FakeEventSource('/api/x');
    const channel = tradeEventChannel(fake as unknown as EventSource);
    const seen: Array<TradeStreamMessage | typeof END> = [];
    const takeAll = () => channel.take((m) => (seen.push(m), undefined));

    fake.emit('open');
    fake.emit('notification');
    fake.emit('offer');
    fake.emit('message');
    fake.emit('error');
    for (let i = 0; i < 5; i++) takeAll();

    expect(seen).toEqual([
      { kind: 'open' },
      { kind: 'event', type: 'notification' },
      { kind: 'event', type: 'offer' },
      { kind: 'event', type: 'message' },
      { kind: 'error' },
    ]);
    expect(fake.closed).toBe(true);
  });

  it('when the channel is closed, then the EventSource is closed', () => {
    const fake = new FakeEventSource('/api/x');
    tradeEventChannel(fake as unknown as EventSource).close();
    expect(fake.closed).toBe(true);
  });
});
