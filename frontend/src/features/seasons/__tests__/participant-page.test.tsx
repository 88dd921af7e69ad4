import { screen, within } from '@testing-library/react';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { LEVEL_LIMIT_TEXT, SR_START_TEXT, SR_TIMER_TEXT } from '../challenges';
import { calls, challenge, main, rowOf, serve } from './serve';

const fetchMock = installFetchMock();

const season = {
  seasonId: 19,
  displayName: 'Season 7',
  isBeta: false,
  seasonTypeId: 2,
  seasonNumber: 7,
  seasonChallenges: [
    challenge(1, 'First to level 100', 'Tiebreakers', { displayOrder: 1, pointValue: 5 }),
    challenge(2, 'Kill Callagadra', 'Bosses', { displayOrder: 2, pointValue: 50, difficulties: 'Elite+Ultimate' }),
    challenge(3, 'Shattered Realm 65', 'Shattered Realm', { displayOrder: 3, maxLevel: 25, challengeTypeId: 3 }),
    challenge(4, 'Complete the Normal campaign at or below level 40', 'Campaign', {
      displayOrder: 4,
      maxLevel: 40,
      challengeTypeId: 2,
    }),
  ],
};

function serveParticipant() {
  serve(fetchMock, {
    '/api/season/19': season,
    '/api/season/19/participant-challenges': [
      { seasonChallengeId: 2, quantity: 1, level: 90, completedOn: '2024-11-01T10:00:00.000Z' },
      { seasonChallengeId: 4, quantity: 1, level: 38, completedOn: '2024-11-02T10:00:00.000Z' },
    ],
    '/api/season/participant/5/standing': { rank: 3, pointTotal: 60 },
  });
}

describe('participant page', () => {
  it('when it loads, then the heading names the season, user and rank and the point total shows', async () => {
    serveParticipant();
    renderApp('/seasons/19/participant/5?username=grimmy');

    expect(
      await main().findByRole('heading', { level: 1, name: 'Season 7 HC SSF · grimmy · Rank 3' }),
    ).toBeInTheDocument();
    expect(main().getByText('Point Total: 60')).toBeInTheDocument();
    expect(calls(fetchMock)).toEqual(
      expect.arrayContaining([
        'GET /api/season/19',
        'GET /api/season/19/participant-challenges?participantId=5',
        'GET /api/season/participant/5/standing',
      ]),
    );
  });

  it('when it loads, then Character Builds, Screenshots and Social Links carry the username, and Character Files is left out for players', async () => {
    serveParticipant();
    renderApp('/seasons/19/participant/5?username=grimmy');

    expect(await main().findByRole('link', { name: 'Character Builds' })).toHaveAttribute(
      'href',
      '/seasons/19/participant/5/builds?username=grimmy',
    );
    expect(main().getByRole('link', { name: 'Screenshots' })).toHaveAttribute(
      'href',
      '/seasons/19/participant/5/screenshots?username=grimmy',
    );
    expect(main().getByRole('link', { name: 'Social Links' })).toHaveAttribute('href', '/socials?username=grimmy');
    expect(main().queryByRole('link', { name: 'Character Files' })).not.toBeInTheDocument();
  });

  it('when an admin looks, then Character Files links to the admin character data page', async () => {
    signIn('admin');
    serveParticipant();
    renderApp('/seasons/19/participant/5?username=grimmy');

    expect(await main().findByRole('link', { name: 'Character Files' })).toHaveAttribute(
      'href',
      '/admin/participant/5/characterdata?username=grimmy',
    );
  });

  it('when it loads, then challenges are grouped by category with Tiebreakers last and read-only completed checkboxes', async () => {
    serveParticipant();
    renderApp('/seasons/19/participant/5?username=grimmy');

    await main().findByRole('heading', { level: 1 });
    expect(
      main()
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Bosses', 'Shattered Realm', 'Campaign', 'Tiebreakers']);
    const boss = main().getByRole('checkbox', { name: 'Kill Callagadra completed' });
    expect(boss).toBeChecked();
    expect(boss).toBeDisabled();
    expect(main().getByRole('checkbox', { name: 'First to level 100 completed' })).not.toBeChecked();
    const bossRow = rowOf(/Kill Callagadra/);
    expect(bossRow).toHaveTextContent('Elite, Ultimate');
    expect(bossRow).toHaveTextContent('50');
  });

  it('when a challenge is level-limited, then it shows a Max label and the level-limit texts; the SR 65 challenge adds its start rule', async () => {
    serveParticipant();
    renderApp('/seasons/19/participant/5?username=grimmy');

    await main().findByRole('heading', { level: 1 });
    const campaign = within(rowOf(/Normal campaign/));
    expect(campaign.getByText('Max 40')).toBeInTheDocument();
    expect(campaign.getByText(`* ${LEVEL_LIMIT_TEXT}`)).toBeInTheDocument();
    expect(campaign.queryByText(`* ${SR_TIMER_TEXT}`)).not.toBeInTheDocument();

    const sr = within(rowOf(/Shattered Realm 65/));
    expect(sr.getByText(`Shattered Realm 65 ${SR_START_TEXT}`)).toBeInTheDocument();
    expect(sr.getByText('Max 25')).toBeInTheDocument();
    expect(sr.getByText(`* ${SR_TIMER_TEXT}`)).toBeInTheDocument();

    const boss = within(rowOf(/Kill Callagadra/));
    expect(boss.queryByText(/^Max/)).not.toBeInTheDocument();
    expect(boss.queryByText(`* ${LEVEL_LIMIT_TEXT}`)).not.toBeInTheDocument();
  });

  it('when the seed name already carries the SR start rule, then it is not repeated', async () => {
    serve(fetchMock, {
      '/api/season/19': {
        ...season,
        seasonChallenges: [challenge(3, `Shattered Realm 65 ${SR_START_TEXT}`, 'Shattered Realm', { maxLevel: 25 })],
      },
      '/api/season/19/participant-challenges': [],
      '/api/season/participant/5/standing': { rank: 1, pointTotal: 0 },
    });
    renderApp('/seasons/19/participant/5?username=grimmy');

    expect(await main().findByText(`Shattered Realm 65 ${SR_START_TEXT}`)).toBeInTheDocument();
  });

  it('while it loads, then a loading indicator shows; when the participant is unknown, then the error shows', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 404, body: { message: 'Participant 77 does not exist' } }));
    renderApp('/seasons/19/participant/77?username=ghost');

    expect(main().getByRole('status', { name: 'Loading participant' })).toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Error' })).toBeInTheDocument();
    expect(main().getByText('Participant 77 does not exist')).toBeInTheDocument();
  });
});
