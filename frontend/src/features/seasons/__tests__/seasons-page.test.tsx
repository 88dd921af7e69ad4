import { screen, within } from '@testing-library/react';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { NO_SEASONS_TEXT } from '../components/seasons-page';

const fetchMock = installFetchMock();

function main() {
  // hidden: the Error modal marks the page aria-hidden while it is open.
  return within(screen.getByRole('main', { hidden: true }));
}

const ladders = [
  {
    seasonId: 18,
    displayName: 'Season 7 SC Trade',
    isBeta: false,
    seasonTypeId: 1,
    seasonNumber: 7,
    status: 'running',
    seasonChallenges: [
      { seasonChallengeId: 1, challengeName: 'Kill Log', categoryName: 'Bosses', challengeCategoryId: 3 },
      { seasonChallengeId: 2, challengeName: 'First to 100', categoryName: 'Tiebreakers', challengeCategoryId: 9 },
    ],
    challengeCategories: [
      { challengeCategoryId: 3, categoryName: 'Bosses' },
      { challengeCategoryId: 9, categoryName: 'Tiebreakers' },
    ],
    seasonParticipants: [{ seasonParticipantId: 5, username: 'grimmy' }],
  },
  {
    seasonId: 19,
    displayName: 'Season 7 HC SSF',
    isBeta: false,
    seasonTypeId: 2,
    seasonNumber: 7,
    status: 'running',
    seasonChallenges: [],
    challengeCategories: [],
    seasonParticipants: [],
  },
];

describe('seasons page', () => {
  it('when the ladders load, then each season shows with its categories and a View Leaderboard link, and the kill tracker only for type 2', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: ladders }));
    renderApp('/seasons');

    expect(main().getByRole('heading', { level: 1, name: 'Season 7 Ladders' })).toBeInTheDocument();
    const trade = within(await main().findByRole('article', { name: 'Season 7 SC Trade' }));
    expect(trade.getByText('Bosses')).toBeInTheDocument();
    expect(trade.getByText('Tiebreakers')).toBeInTheDocument();
    expect(trade.getByRole('link', { name: 'View Leaderboard' })).toHaveAttribute('href', '/seasons/18/leaderboard');
    expect(trade.getByRole('link', { name: 'Challenges' })).toHaveAttribute('href', '/seasons/18');
    expect(trade.queryByRole('link', { name: 'Kill Tracker' })).not.toBeInTheDocument();
    const ssf = within(main().getByRole('article', { name: 'Season 7 HC SSF' }));
    expect(ssf.getByRole('link', { name: 'Kill Tracker' })).toHaveAttribute('href', '/seasons/19/kill-tracker');

    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/season/latest?includeChallenges=true&includeParticipants=true&branch=prod',
    );
  });

  it('when the branch cookie says beta, then the beta ladders are asked for', async () => {
    document.cookie = 'branch=beta; path=/';
    fetchMock.mockResolvedValue(fakeResponse({ body: [] }));
    renderApp('/seasons');

    expect(await main().findByText(NO_SEASONS_TEXT)).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]?.[0]).toContain('branch=beta');
  });

  it('while the ladders load, then a loading indicator shows', () => {
    fetchMock.mockReturnValue(new Promise(() => undefined));
    renderApp('/seasons');

    expect(main().getByRole('status', { name: 'Loading seasons' })).toBeInTheDocument();
  });

  it('when the request fails, then the error shows on the page as well as in the Error modal', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 500, body: 'Season service unavailable' }));
    renderApp('/seasons');

    expect(await screen.findByRole('dialog', { name: 'Error' })).toHaveTextContent('Season service unavailable');
    expect(main().getByText('Season service unavailable')).toBeInTheDocument();
  });
});
