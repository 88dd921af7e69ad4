import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { characterLabel, NO_CHARACTER_DATA_TEXT } from '../components/character-data-page';
import { calls, gridTexts, serve } from './admin-serve';

const fetchMock = installFetchMock();
jest.setTimeout(60_000);

const files = [
  {
    character: 'Ashley',
    file: 'player.gdc',
    difficulty: null,
    size: 4096,
    md5: 'a',
    updatedAt: '2024-10-21T10:00:00.000Z',
  },
  {
    character: 'Ashley',
    file: 'quests.gdd',
    difficulty: 'Normal',
    size: 512,
    md5: 'b',
    updatedAt: '2024-10-21T10:00:00.000Z',
  },
];

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:fake');
  URL.revokeObjectURL = jest.fn();
  // jsdom cannot follow a download link; the saved blob is what the test checks, by the call made.
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});

describe('admin character files', () => {
  it('when a hardcore character has died, then it is marked (Dead); a living or softcore one is not', () => {
    expect(characterLabel({ name: 'Ashley', className: 'Warder', level: 80, hardcore: true, deathCount: 1 })).toBe(
      'Ashley (Dead)',
    );
    expect(characterLabel({ name: 'Bo', className: 'Warder', level: 80, hardcore: true, deathCount: 0 })).toBe('Bo');
    expect(characterLabel({ name: 'Cy', className: 'Warder', level: 80, hardcore: false, deathCount: 3 })).toBe('Cy');
  });

  it('when the season service has no character-data call (404), then the empty state shows with the raw files, without an Error modal', async () => {
    serve(fetchMock, {
      '/api/season/participant/5/character-data': () => fakeResponse({ status: 404, body: { message: 'no route' } }),
      '/api/file/participants/5/character-files': files,
      '/api/file/participants/5/characters/Ashley/files/quests.gdd': 'raw bytes',
    });
    signIn('admin');
    renderApp('/admin/participant/5/characterdata?username=grimmy');
    await screen.findByRole('heading', { level: 1, name: 'grimmy Character Files' }, { timeout: 5000 });
    await screen.findByText(NO_CHARACTER_DATA_TEXT);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(gridTexts('Raw Files').map((r) => r.slice(0, 4))).toEqual([
      ['Ashley', 'player.gdc', '', '4.0 KB'],
      ['Ashley', 'quests.gdd', 'Normal', '512 B'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Download Ashley quests.gdd' }));
    await waitFor(() =>
      expect(calls(fetchMock)).toContain(
        'GET /api/file/participants/5/characters/Ashley/files/quests.gdd?difficulty=Normal',
      ),
    );
    expect(screen.getByRole('button', { name: 'Ashley folder' })).toBeInTheDocument();
  });

  it('when character data is served, then name, class and level show with (Dead), folder downloads and the killed-by table', async () => {
    serve(fetchMock, {
      '/api/season/participant/5/character-data': {
        characters: [
          { name: 'Ashley', className: 'Warder', level: 84, hardcore: true, deathCount: 1 },
          { name: 'Bo', className: 'Witch Hunter', level: 100, hardcore: true, deathCount: 0 },
        ],
        killedBy: [
          { killedBy: 'Grava', killedCount: 1 },
          { killedBy: 'Loghorrean', killedCount: 3 },
        ],
      },
      '/api/file/participants/5/character-files': files,
      '/api/file/participants/5/characters/Bo/folder': 'zip bytes',
    });
    signIn('admin');
    renderApp('/admin/participant/5/characterdata?username=grimmy');
    await screen.findByRole('grid', { name: 'Characters' }, { timeout: 5000 });
    expect(gridTexts('Characters').map((r) => r.slice(0, 3))).toEqual([
      ['Ashley (Dead)', 'Warder', '84'],
      ['Bo', 'Witch Hunter', '100'],
    ]);
    expect(gridTexts('Killed By')).toEqual([
      ['Loghorrean', '3'],
      ['Grava', '1'],
    ]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Download' })[1]!);
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/file/participants/5/characters/Bo/folder'));
  });
});
