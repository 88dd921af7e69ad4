import { screen, within } from '@testing-library/react';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { RARITY_COLOURS } from '../components/item-display';

const fetchMock = installFetchMock();

function main() {
  return within(screen.getByRole('main', { hidden: true }));
}

function item(over: Record<string, unknown> = {}) {
  return {
    itemId: 7,
    name: 'Mythical Dawnbreaker',
    active: true,
    lore: 'Forged in the last light before the Grim Dawn.',
    rarity: 'Legendary',
    type: 'Sword',
    requiredPhysique: 0,
    requiredCunning: 742,
    requiredSpirit: 0,
    requiredPlayerLevel: 94,
    itemLevel: 94,
    dropsFrom: "Nemesis: Kymon's Chosen, Ultimate",
    nodes: [],
    ...over,
  };
}

function stats(over: { name?: string; rarity?: string; style?: string | null; levelRequirement?: number } = {}) {
  return {
    itemDisplay: {
      baseItem: {
        itemDbrTag: { name: over.name ?? 'Mythical Dawnbreaker' },
        rarity: over.rarity ?? 'Legendary',
        style: over.style === undefined ? 'tagStyleUniqueTier3' : over.style,
        itemTypeId: 0,
        levelRequirement: over.levelRequirement ?? 94,
      },
      prefix: null,
      suffix: null,
      itemType: 'Sword',
    },
    statDetail: {
      itemStatLines: [
        { statDisplay: '{186-248} Physical Damage', statTypeId: 1 },
        { statDisplay: '{+3} to [Righteous Fervor]', statTypeId: 3 },
        { statDisplay: '{+30%} All Damage', statTypeId: 462 },
        { statDisplay: 'Granted Skill: {Sunflare}', statTypeId: 463 },
      ],
      completionStatLines: [{ statDisplay: '{+10%} Health', statTypeId: 5 }],
    },
  };
}

function answer(itemBody: unknown, statsBody: unknown) {
  fetchMock.mockImplementation(async (url) => {
    if (url === '/api/season/item/7/stats') return fakeResponse({ body: statsBody });
    if (url === '/api/season/item/7') return fakeResponse({ body: itemBody });
    return fakeResponse({ status: 404, body: { message: `unexpected ${url}` } });
  });
}

describe('item detail page', () => {
  it('when the item loads, then its rarity-coloured name, Mythical tag, level requirement, lore and requirements show', async () => {
    answer(item(), stats());
    renderApp('/item/7');

    const name = await main().findByTestId('item-base-name');
    expect(name).toHaveTextContent('Mythical Dawnbreaker');
    expect(name).toHaveStyle({ color: RARITY_COLOURS.Legendary });
    expect(main().getByText('Mythical')).toBeInTheDocument();
    expect(main().queryByText('Empowered')).not.toBeInTheDocument();
    expect(main().getByText(/Level Requirement/)).toHaveTextContent('Level Requirement: 94');
    expect(main().getByText('Forged in the last light before the Grim Dawn.')).toBeInTheDocument();
    expect(main().getByText('742 Cunning')).toBeInTheDocument();
    expect(main().queryByText(/Physique/)).not.toBeInTheDocument();
    expect(main().queryByLabelText('Set item')).not.toBeInTheDocument();
  });

  it('when the style is tier 2 and the rarity Epic, then Empowered shows and the name is in the Epic colour', async () => {
    answer(
      item({ rarity: 'Epic' }),
      stats({ name: 'Empowered Warborn Greataxe', rarity: 'Epic', style: 'tagStyleUniqueTier2' }),
    );
    renderApp('/item/7');

    expect(await main().findByText('Empowered')).toBeInTheDocument();
    expect(main().getByTestId('item-base-name')).toHaveStyle({ color: RARITY_COLOURS.Epic });
  });

  it('when the name contains (S), then the set mark shows apart from the name', async () => {
    answer(item({ name: "Dreeg's Coil (S)" }), stats({ name: "Dreeg's Coil (S)", style: null, rarity: 'Epic' }));
    renderApp('/item/7');

    expect(await main().findByTestId('item-base-name')).toHaveTextContent(/^Dreeg's Coil$/);
    expect(main().getByLabelText('Set item')).toHaveTextContent('(S)');
    expect(main().queryByText('Mythical')).not.toBeInTheDocument();
  });

  it('when stat lines carry markup and pet and granted lines, then {} is bold, [] italic, each in its own section', async () => {
    answer(item(), stats());
    renderApp('/item/7');

    const statsList = await main().findByRole('list', { name: 'Stats' });
    const strong = statsList.querySelectorAll('strong');
    expect([...strong].map((s) => s.textContent)).toEqual(['186-248', '+3']);
    expect(statsList.querySelector('em')).toHaveTextContent('Righteous Fervor');
    expect(within(statsList).queryByText(/All Damage/)).not.toBeInTheDocument();

    const pets = main().getByRole('region', { name: 'Bonus to All Pets' });
    expect(within(pets).getByRole('heading', { name: 'Bonus to All Pets' })).toBeInTheDocument();
    expect(pets).toHaveTextContent('+30% All Damage');
    const granted = main().getByRole('region', { name: 'Granted Skills' });
    expect(granted.querySelector('strong')).toHaveTextContent('Sunflare');
    expect(main().getByRole('region', { name: 'Set Bonuses' })).toHaveTextContent('+10% Health');
  });

  it('when the item has no pet or granted lines, then those sections are left out', async () => {
    const plain = stats();
    plain.statDetail.itemStatLines = plain.statDetail.itemStatLines.filter((l) => l.statTypeId < 400);
    answer(item(), plain);
    renderApp('/item/7');

    await main().findByRole('list', { name: 'Stats' });
    expect(main().queryByRole('region', { name: 'Bonus to All Pets' })).not.toBeInTheDocument();
    expect(main().queryByRole('region', { name: 'Granted Skills' })).not.toBeInTheDocument();
  });

  it('when the item is loading, then the card placeholder shows below the way back, and when it is missing, then the server message shows', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 404, body: { message: 'Item 7 not found' } }));
    renderApp('/item/7');

    const placeholder = main().getByRole('status', { name: 'Loading item' });
    const back = main().getByRole('link', { name: 'All Items' });
    // The way back sits above the card, so the card's arrival moves nothing.
    expect(back.compareDocumentPosition(placeholder) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await main().findByText('Item 7 not found')).toBeInTheDocument();
    expect(main().queryByRole('status', { name: 'Loading item' })).not.toBeInTheDocument();
  });
});
