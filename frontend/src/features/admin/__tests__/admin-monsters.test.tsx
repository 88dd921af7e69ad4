import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { bodiesSent, calls, gridTexts, serve, paged } from './admin-serve';

const fetchMock = installFetchMock();
jest.setTimeout(60_000);

const monster = (monsterId: number, name: string, extra: Record<string, unknown> = {}) => ({
  monsterId,
  name,
  race: 'Chthonic',
  type: 'Hero',
  lore: 'From the void',
  active: true,
  encounterId: 4,
  parentMonsterId: null,
  ...extra,
});

function serveCatalogue() {
  let minions: ReturnType<typeof monster>[] = [];
  serve(fetchMock, {
    '/api/season/encounters': [
      { encounterId: 4, name: 'The Void', active: true },
      { encounterId: 5, name: 'Old Arkovia', active: false },
    ],
    'POST /api/admin/encounter': (init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return { ...body, encounterId: body.encounterId || 77 };
    },
    '/api/season/monsters': (_init: RequestInit, url: string) =>
      paged([monster(40, 'Loghorrean', { active: false }), monster(41, 'Grava')], url),
    '/api/season/monster/40': () => ({
      ...monster(40, 'Loghorrean'),
      childMonsters: minions,
      nodes: [
        {
          nodeId: 9,
          parentNodeId: null,
          nodeTypeId: 1,
          rawHtml: 'Void bolt',
          title: 'Bolt',
          active: true,
          childNodes: [],
        },
      ],
    }),
    '/api/season/monster/90': { ...monster(90, 'New Monster', { race: '', type: '' }), childMonsters: [], nodes: [] },
    'POST /api/admin/monster': (init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      const saved = {
        ...body,
        monsterId: body.monsterId || (body.parentMonsterId ? 91 : 90),
        childMonsters: [],
        nodes: [],
      };
      if (body.parentMonsterId) minions = [...minions, saved];
      return saved;
    },
    'POST /api/admin/node': (init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      return { ...body, nodeId: body.nodeId || 55, childNodes: [] };
    },
  });
}

describe('admin encounters', () => {
  it('when the list opens, then each encounter shows its name, active box, View and a disabled Save', async () => {
    signIn('admin');
    serveCatalogue();
    renderApp('/admin/encounters');
    const name = await screen.findByRole('textbox', { name: 'Name of The Void' }, { timeout: 5000 });
    expect(name).toHaveValue('The Void');
    expect(screen.getByRole('checkbox', { name: 'Old Arkovia active' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'View The Void' })).toHaveAttribute(
      'href',
      '/admin/monsters?encounterId=4',
    );
    expect(screen.getByRole('button', { name: 'Save The Void' })).toBeDisabled();
    expect(calls(fetchMock)).toContain('GET /api/season/encounters?includeInactive=true');
  });

  it('when a row is edited, then its Save is enabled and saving sends it and disables Save again', async () => {
    signIn('admin');
    serveCatalogue();
    renderApp('/admin/encounters');
    await screen.findByRole('textbox', { name: 'Name of Old Arkovia' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Old Arkovia active' }));
    const save = screen.getByRole('button', { name: 'Save Old Arkovia' });
    expect(save).toBeEnabled();
    await userEvent.click(save);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Old Arkovia' })).toBeDisabled());
    expect(bodiesSent(fetchMock, 'POST /api/admin/encounter')).toEqual([
      { encounterId: 5, name: 'Old Arkovia', active: true },
    ]);
  });

  it('when New Encounter is clicked, then a local row New Encounter (active, id 0) is added and saved with id 0', async () => {
    signIn('admin');
    serveCatalogue();
    renderApp('/admin/encounters');
    await screen.findByRole('textbox', { name: 'Name of The Void' }, { timeout: 5000 });
    const add = screen.getByRole('button', { name: 'New Encounter' });
    await userEvent.click(add);
    expect(add).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Name of New Encounter' })).toHaveValue('New Encounter');
    expect(screen.getByRole('checkbox', { name: 'New Encounter active' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Save New Encounter' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'View New Encounter' })).toHaveAttribute(
        'href',
        '/admin/monsters?encounterId=77',
      ),
    );
    expect(bodiesSent(fetchMock, 'POST /api/admin/encounter')).toEqual([
      { encounterId: 0, name: 'New Encounter', active: true },
    ]);
    expect(add).toBeEnabled();
  });
});

describe('admin monsters', () => {
  it('when an encounter’s monsters open, then Name, Race, Type and Active show, with Back and New Monster', async () => {
    signIn('admin');
    serveCatalogue();
    renderApp('/admin/monsters?encounterId=4');
    await screen.findByRole('grid', { name: 'Monsters' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Monsters')).toHaveLength(2));
    expect(gridTexts('Monsters').map((r) => r.slice(0, 3))).toEqual([
      ['Loghorrean', 'Chthonic', 'Hero'],
      ['Grava', 'Chthonic', 'Hero'],
    ]);
    expect(calls(fetchMock)).toContain(
      'GET /api/season/monsters?includeInactive=true&encounterId=4&page=1&pageSize=10',
    );
    expect(screen.getByRole('link', { name: 'New Monster' })).toHaveAttribute(
      'href',
      '/admin/monster/new?encounterId=4',
    );
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/admin/encounters');
    expect(screen.getByRole('link', { name: 'Grava' })).toHaveAttribute('href', '/admin/monster/41');
  });

  it('when a new monster is saved, then it is created with the defaults and the encounter, and its page opens', async () => {
    signIn('admin');
    serveCatalogue();
    const { router } = renderApp('/admin/monster/new?encounterId=4');
    const name = await screen.findByRole('textbox', { name: 'Monster Name' }, { timeout: 5000 });
    expect(name).toHaveValue('New Monster');
    expect(screen.getByRole('textbox', { name: 'Race' })).toHaveValue('');
    expect(screen.getByText('* Unsaved Changes')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Attacks' })).toBeNull();
    await userEvent.click(screen.getAllByRole('button', { name: 'Save' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/monster/90'));
    expect(bodiesSent(fetchMock, 'POST /api/admin/monster')[0]).toMatchObject({
      monsterId: 0,
      name: 'New Monster',
      active: true,
      race: '',
      type: '',
      encounterId: 4,
    });
  });

  it('when a saved monster opens, then Attacks, Passives and Minions show; an attack is saved with its name and active', async () => {
    signIn('admin');
    serveCatalogue();
    renderApp('/admin/monster/40');
    const attacks = within(await screen.findByRole('region', { name: 'Attacks' }, { timeout: 5000 }));
    expect(screen.getByRole('region', { name: 'Passives' })).toBeInTheDocument();
    expect(attacks.getByRole('textbox', { name: 'Attack Name' })).toHaveValue('Bolt');
    expect(attacks.getByRole('textbox', { name: 'Description' })).toHaveValue('Void bolt');
    fireEvent.change(attacks.getByRole('textbox', { name: 'Attack Name' }), { target: { value: 'Void Bolt' } });
    await userEvent.click(attacks.getByRole('checkbox', { name: 'Active' }));
    await userEvent.click(attacks.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodiesSent(fetchMock, 'POST /api/admin/node')[0]).toEqual({
        nodeId: 9,
        monsterId: 40,
        parentNodeId: null,
        nodeTypeId: 1,
        rawHtml: 'Void bolt',
        title: 'Void Bolt',
        active: false,
      }),
    );

    const passives = within(screen.getByRole('region', { name: 'Passives' }));
    await userEvent.click(passives.getByRole('button', { name: 'Add Passive' }));
    expect(passives.getByRole('textbox', { name: 'Passive Name' })).toHaveValue('');
  });

  it('when Add Minion is clicked, then a minion named after the parent is created and listed', async () => {
    signIn('admin');
    serveCatalogue();
    renderApp('/admin/monster/40');
    const minions = within(await screen.findByRole('region', { name: 'Minions' }, { timeout: 5000 }));
    await userEvent.click(minions.getByRole('button', { name: 'Add Minion' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Minions' })).getByRole('link', { name: 'Loghorrean minion' }),
      ).toHaveAttribute('href', '/admin/monster/91'),
    );
    expect(bodiesSent(fetchMock, 'POST /api/admin/monster')[0]).toMatchObject({
      monsterId: 0,
      parentMonsterId: 40,
      name: 'Loghorrean minion',
      active: true,
      encounterId: 4,
    });
  });
});
