import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';

const fetchMock = installFetchMock();

function main() {
  return within(screen.getByRole('main', { hidden: true }));
}

const node = (nodeId: number, nodeTypeId: number, title: string, rawHtml: string) => ({
  nodeId,
  parentNodeId: null,
  nodeTypeId,
  rawHtml,
  title,
  active: true,
  childNodes: [],
});

const summary = (monsterId: number, name: string, parentMonsterId: number | null) => ({
  monsterId,
  name,
  race: 'Beast',
  type: 'Hero',
  lore: 'A stitched horror.',
  active: true,
  encounterId: 3,
  parentMonsterId,
});

const krieg = {
  ...summary(11, 'Warden Krieg', null),
  race: 'Human',
  type: 'Boss',
  lore: 'Once the keeper of Burrwitch prison.',
  childMonsters: [summary(12, "Warden's Abomination", 11)],
  nodes: [
    node(1, 1, "Warden's Cleave", '<p>A sweep for {120%} weapon damage plus {340} [Physical] damage.</p>'),
    node(2, 2, 'Enraged', 'Below {40%} Health:<br>{+25%} Attack Speed'),
  ],
};

const abomination = { ...summary(12, "Warden's Abomination", 11), childMonsters: [], nodes: [] };

describe('monster detail page', () => {
  beforeEach(() =>
    fetchMock.mockImplementation(async (url) => {
      if (url === '/api/season/monster/11') return fakeResponse({ body: krieg });
      if (url === '/api/season/monster/12') return fakeResponse({ body: abomination });
      return fakeResponse({ status: 404, body: { message: 'Monster not found' } });
    }),
  );

  it('when a monster loads, then its name, race, lore, Attacks, Passives with highlighted markup and Back show', async () => {
    renderApp('/monster/11');

    expect(await main().findByRole('heading', { level: 1, name: 'Warden Krieg' })).toBeInTheDocument();
    expect(main().getByText(/Race: Human/)).toBeInTheDocument();
    expect(main().getByText('Once the keeper of Burrwitch prison.')).toBeInTheDocument();

    const attacks = main().getByRole('region', { name: 'Attacks' });
    expect(within(attacks).getByRole('heading', { name: "Warden's Cleave" })).toBeInTheDocument();
    expect([...attacks.querySelectorAll('strong')].map((s) => s.textContent)).toEqual(['120%', '340']);
    expect(attacks.querySelector('em')).toHaveTextContent('Physical');
    expect(attacks).not.toHaveTextContent('<p>');

    const passives = main().getByRole('region', { name: 'Passives' });
    expect(within(passives).getByText('Below')).toBeInTheDocument();
    expect(within(passives).getByText('Attack Speed', { exact: false })).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/monsters?encounterId=3');
  });

  it('when a minion link is followed, then the minion shows with Back to its parent', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/monster/11');

    const minions = await main().findByRole('region', { name: 'Minions' });
    await user.click(within(minions).getByRole('link', { name: "Warden's Abomination" }));

    expect(router.state.location.pathname).toBe('/monster/12');
    expect(await main().findByRole('heading', { level: 1, name: "Warden's Abomination" })).toBeInTheDocument();
    expect(within(main().getByRole('region', { name: 'Minions' })).getByText('None revealed.')).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/monster/11');
  });

  it('when the monster is not revealed, then the server message shows', async () => {
    renderApp('/monster/99');

    expect(main().getByRole('status', { name: 'Loading monster' })).toBeInTheDocument();
    expect(await main().findByText('Monster not found')).toBeInTheDocument();
  });
});
