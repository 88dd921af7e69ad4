import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { bodiesSent, serve } from './admin-serve';

const fetchMock = installFetchMock();
jest.setTimeout(60_000);

function challenge(id: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    seasonChallengeId: id,
    seasonId: 19,
    challengeName: name,
    questTag: null,
    difficulties: 'Ultimate',
    maxLevel: 100,
    challengeCategoryId: 1,
    categoryName: 'Campaign',
    challengeTypeId: 1,
    scalingThreshold: null,
    pointValue: 10,
    displayOrder: id,
    ...extra,
  };
}

function serveChallenges() {
  let nextId = 500;
  serve(fetchMock, {
    '/api/season/19': { seasonId: 19, displayName: 'Season 7 HC SSF', isBeta: false, seasonTypeId: 2 },
    '/api/admin/season/19/challenges': [
      challenge(1, 'Kill Log'),
      challenge(2, 'Kill Grava', { challengeTypeId: 4, scalingThreshold: 5 }),
      challenge(3, 'Reach level 50'),
    ],
    '/api/admin/challenge-categories': [
      { challengeCategoryId: 1, categoryName: 'Campaign' },
      { challengeCategoryId: 2, categoryName: 'Bosses' },
    ],
    'POST /api/admin/season-challenges/display-order': { message: 'ok' },
    'POST /api/admin/season-challenge': (init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return { ...body, seasonChallengeId: body.seasonChallengeId || nextId++, categoryName: 'Campaign' };
    },
    'DELETE /api/admin/season-challenge/3': { message: 'deleted' },
  });
}

async function open() {
  signIn('admin');
  serveChallenges();
  renderApp('/admin/season-detail/19');
  await screen.findByRole('heading', { level: 1, name: 'Season 7 HC SSF Challenges' }, { timeout: 5000 });
}

function cards() {
  return within(screen.getByRole('list', { name: 'Challenges', hidden: true })).getAllByRole('listitem', {
    hidden: true,
  });
}

describe('admin season detail (challenges)', () => {
  it('when the page opens, then each challenge shows in display order with a drag handle and its 1-based position', async () => {
    await open();
    expect(cards().map((c) => c.getAttribute('aria-label'))).toEqual([
      'Challenge 1: Kill Log',
      'Challenge 2: Kill Grava',
      'Challenge 3: Reach level 50',
    ]);
    expect(screen.getByRole('button', { name: 'Drag Kill Log' })).toHaveAttribute('draggable', 'true');
    expect(screen.getByRole('link', { name: 'Back To Seasons' })).toHaveAttribute('href', '/admin/season-list');
  });

  it('when a challenge is dragged onto the first place, then the 1-based order of every saved challenge is sent', async () => {
    await open();
    fireEvent.dragStart(screen.getByRole('button', { name: 'Drag Reach level 50' }));
    fireEvent.dragOver(cards()[0]!);
    fireEvent.drop(cards()[0]!);

    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'POST /api/admin/season-challenges/display-order')).toEqual([
        [
          { seasonChallengeId: 3, displayOrder: 1 },
          { seasonChallengeId: 1, displayOrder: 2 },
          { seasonChallengeId: 2, displayOrder: 3 },
        ],
      ]),
    );
    expect(cards()[0]).toHaveAttribute('aria-label', 'Challenge 1: Reach level 50');
  });

  it('when Move down is used instead of a drag, then the order is saved the same way', async () => {
    await open();
    await userEvent.click(screen.getByRole('button', { name: 'Move Kill Log down' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'POST /api/admin/season-challenges/display-order')[0]).toEqual([
        { seasonChallengeId: 2, displayOrder: 1 },
        { seasonChallengeId: 1, displayOrder: 2 },
        { seasonChallengeId: 3, displayOrder: 3 },
      ]),
    );
  });

  it('when a new challenge is added, then Add Challenge is disabled until it is saved, and the save shows a tick for 3 s', async () => {
    await open();
    const add = screen.getByRole('button', { name: 'Add Challenge' });
    await userEvent.click(add);
    expect(add).toBeDisabled();
    expect(cards()).toHaveLength(4);
    const card = within(cards()[3]!);
    expect(card.getByText('* Unsaved Changes')).toBeInTheDocument();
    fireEvent.change(card.getByRole('textbox', { name: 'Challenge Name' }), { target: { value: 'Kill Loghorrean' } });

    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      fireEvent.click(card.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(screen.getByRole('img', { name: 'Kill Loghorrean saved' })).toBeInTheDocument());
      const sent = bodiesSent(fetchMock, 'POST /api/admin/season-challenge')[0] as Record<string, unknown>;
      expect(sent).toMatchObject({
        seasonChallengeId: 0,
        seasonId: 19,
        challengeName: 'Kill Loghorrean',
        displayOrder: 4,
      });
      expect(add).toBeEnabled();
      expect(card.queryByText('* Unsaved Changes')).toBeNull();
      act(() => jest.advanceTimersByTime(2900));
      expect(screen.getByRole('img', { name: 'Kill Loghorrean saved' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByRole('img', { name: 'Kill Loghorrean saved' })).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });

  it('when the type is not Scaling, then the scaling threshold is disabled; choosing Scaling enables it', async () => {
    await open();
    const first = within(cards()[0]!);
    const second = within(cards()[1]!);
    expect(first.getByRole('spinbutton', { name: 'Scaling Threshold' })).toBeDisabled();
    expect(second.getByRole('spinbutton', { name: 'Scaling Threshold' })).toBeEnabled();

    await userEvent.click(first.getByRole('combobox', { name: 'Challenge Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Scaling' }));
    expect(first.getByRole('spinbutton', { name: 'Scaling Threshold' })).toBeEnabled();
  });

  it('when difficulties are picked in the multi-select, then they are saved joined by + in game order', async () => {
    await open();
    const first = within(cards()[0]!);
    await userEvent.click(first.getByRole('combobox', { name: 'Difficulties' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Normal' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(first.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'POST /api/admin/season-challenge')[0]).toMatchObject({
        seasonChallengeId: 1,
        difficulties: 'Normal+Ultimate',
        scalingThreshold: null,
      }),
    );
  });

  it('when Delete is confirmed, then the challenge is deleted on the server and leaves the list; Cancel keeps it', async () => {
    await open();
    const third = within(cards()[2]!);
    await userEvent.click(third.getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cards()).toHaveLength(3);

    await userEvent.click(third.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/season-challenge/3',
      expect.objectContaining({ method: 'DELETE' }),
    );
  });
});
