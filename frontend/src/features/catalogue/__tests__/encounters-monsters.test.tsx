import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { NO_ENCOUNTERS_TEXT } from '../components/encounters-page';
import { NO_MONSTERS_TEXT } from '../components/monsters-page';

const fetchMock = installFetchMock();

function main() {
  return within(screen.getByRole('main', { hidden: true }));
}

function routes(table: Record<string, unknown>) {
  fetchMock.mockImplementation(async (url) =>
    url in table ? fakeResponse({ body: table[url] }) : fakeResponse({ status: 404, body: { message: `No ${url}` } }),
  );
}

function monster(monsterId: number, name: string, over: Record<string, unknown> = {}) {
  return {
    monsterId,
    name,
    race: 'Human',
    type: 'Boss',
    lore: '',
    active: true,
    encounterId: 3,
    parentMonsterId: null,
    ...over,
  };
}

describe('encounters and monsters', () => {
  it('when encounters exist, then they are listed and clicking one goes to monsters?encounterId', async () => {
    const user = userEvent.setup();
    routes({
      '/api/season/encounters': [
        { encounterId: 3, name: "The Warden's Laboratory", active: true },
        { encounterId: 4, name: "Cronley's Hideout", active: true },
      ],
      '/api/season/monsters?encounterId=3': [monster(11, 'Warden Krieg'), monster(12, 'Laboratory Guard')],
    });
    const { router } = renderApp('/encounters');

    const list = await main().findByRole('list', { name: 'Encounters' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(["The Warden's Laboratory", "Cronley's Hideout"]);
    await user.click(within(list).getByRole('link', { name: "The Warden's Laboratory" }));

    expect(router.state.location.pathname).toBe('/monsters');
    expect(router.state.location.search).toBe('?encounterId=3');
    const monsters = await main().findByRole('list', { name: 'Monsters' });
    expect(within(monsters).getByRole('link', { name: /Warden Krieg/ })).toHaveAttribute('href', '/monster/11');
  });

  it('when no encounter has been revealed, then the encounters empty state shows', async () => {
    routes({ '/api/season/encounters': [] });
    renderApp('/encounters');

    expect(await main().findByText(NO_ENCOUNTERS_TEXT)).toBeInTheDocument();
  });

  it('when the encounters cannot be loaded, then the error shows on the page', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 500, body: 'Catalogue down' }));
    renderApp('/encounters');

    expect(main().getByRole('status', { name: 'Loading encounters' })).toBeInTheDocument();
    expect(await main().findByText('Catalogue down')).toBeInTheDocument();
  });

  it('when an encounter has no revealed monsters, then the monsters empty state shows', async () => {
    routes({ '/api/season/monsters?encounterId=5': [] });
    renderApp('/monsters?encounterId=5');

    expect(await main().findByText(NO_MONSTERS_TEXT)).toBeInTheDocument();
    expect(main().getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/encounters');
  });

  it('when the encounter is hidden (404), then its message shows', async () => {
    routes({});
    renderApp('/monsters?encounterId=9');

    expect(await main().findByText('No /api/season/monsters?encounterId=9')).toBeInTheDocument();
  });
});
