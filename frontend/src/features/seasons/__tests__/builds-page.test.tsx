import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BUILD_CLASSES } from '@league/contracts';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { BUILD_CLASS_OPTIONS, classToSave } from '../build-classes';
import { NO_BUILDS_TEXT } from '../components/builds-page';
import { UNSAVED_TEXT } from '../use-editable-list';
import { bodiesSent, calls, main, serve } from './serve';

const fetchMock = installFetchMock();
jest.setTimeout(60_000);

const PATH = '/seasons/19/participant/5/builds?username=grimmy';

function build(id: number, buildClass: string, buildUrl: string) {
  return {
    participantCharacterBuildId: id,
    seasonParticipantId: 5,
    buildClass,
    buildUrl,
    buildDescription: 'Pets and fire',
    createdOn: '2024-11-01T10:00:00.000Z',
    modifiedOn: '2024-11-01T10:00:00.000Z',
  };
}

/** A participant's builds on a fake server that saves and deletes like the real one. */
function serveBuilds(initial: ReturnType<typeof build>[], viewer: string | null) {
  let builds = [...initial];
  let nextId = 900;
  serve(fetchMock, {
    '/api/season/participant/5/builds': () => builds,
    '/api/season/profile': viewer ? { username: viewer, isPatreonConnected: false, seasonParticipants: [] } : undefined,
    'POST /api/season/build': (init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      const saved = { ...build(body.participantCharacterBuildId || nextId++, body.buildClass, body.buildUrl) };
      builds = [...builds.filter((b) => b.participantCharacterBuildId !== saved.participantCharacterBuildId), saved];
      return saved;
    },
    'DELETE /api/season/build/301': () => {
      builds = builds.filter((b) => b.participantCharacterBuildId !== 301);
      return { participantCharacterBuildId: 301 };
    },
  });
}

const saved = [
  build(301, 'Warder', 'https://grimtools.com/calc/abc'),
  build(302, 'Soldier', 'https://grimtools.com/calc/def'),
];

describe('character builds page', () => {
  it('when the class list is built, then it has the 45 classes of the contracts', () => {
    expect(BUILD_CLASS_OPTIONS).toHaveLength(45);
    expect(BUILD_CLASS_OPTIONS.map(classToSave)).toEqual(BUILD_CLASSES);
  });

  it('when a visitor views someone else’s builds, then they are listed read-only with links opening in a new tab', async () => {
    serveBuilds(saved, null);
    renderApp(PATH);

    const first = within(await main().findByRole('article', { name: 'Build 1' }));
    expect(first.getByRole('heading', { name: 'Warder' })).toBeInTheDocument();
    const link = first.getByRole('link', { name: 'https://grimtools.com/calc/abc' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(first.getByText('Pets and fire')).toBeInTheDocument();
    expect(main().queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(main().queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(main().queryByRole('textbox')).not.toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('GET /api/season/profile');
    expect(main().getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      '/seasons/19/participant/5?username=grimmy',
    );
  });

  it('when another logged-in player views them, then they stay read-only', async () => {
    signIn(null);
    serveBuilds(saved, 'someoneelse');
    renderApp(PATH);

    await main().findByRole('article', { name: 'Build 1' });
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/season/profile'));
    expect(main().queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(main().queryByRole('combobox', { name: 'Class' })).not.toBeInTheDocument();
  });

  it('when there are no builds, then the empty state shows', async () => {
    serveBuilds([], null);
    renderApp(PATH);

    expect(await main().findByText(NO_BUILDS_TEXT)).toBeInTheDocument();
  });

  it('when the owner adds a build, then Add is disabled and the unsaved mark shows until Save sends the title after ": " and reloads', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(null);
    serveBuilds([], 'GRIMMY');
    renderApp(PATH);

    const add = await main().findByRole('button', { name: 'Add' });
    expect(main().queryByText(UNSAVED_TEXT)).not.toBeInTheDocument();
    await user.click(add);

    expect(add).toBeDisabled();
    expect(main().getByText(UNSAVED_TEXT)).toBeInTheDocument();
    const card = within(main().getByRole('article', { name: 'Build 1' }));
    expect(card.getByRole('heading', { name: 'New Build' })).toBeInTheDocument();
    await user.click(card.getByRole('combobox', { name: 'Class' }));
    await user.click(screen.getByRole('option', { name: 'Soldier + Demolitionist: Commando' }));
    await user.click(card.getByRole('textbox', { name: 'Build URL' }));
    await user.paste('https://grimtools.com/calc/new');
    await user.click(main().getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(main().queryByText(UNSAVED_TEXT)).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'POST /api/season/build')).toEqual([
      {
        participantCharacterBuildId: 0,
        seasonParticipantId: 5,
        buildClass: 'Commando',
        buildUrl: 'https://grimtools.com/calc/new',
        buildDescription: '',
      },
    ]);
    expect(await main().findByRole('heading', { name: 'Build 1' })).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Add' })).toBeEnabled();
    expect(calls(fetchMock).filter((c) => c === 'GET /api/season/participant/5/builds')).toHaveLength(2);
  });

  it('when the owner edits a saved build, then the unsaved mark shows and Save sends only that build', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(null);
    serveBuilds(saved, 'grimmy');
    renderApp(PATH);

    const card = within(await main().findByRole('article', { name: 'Build 2' }));
    expect(main().getAllByRole('combobox', { name: 'Class' })[0]).toHaveTextContent('Soldier + Shaman: Warder');
    await user.type(card.getByRole('textbox', { name: 'Description' }), '!');
    expect(main().getByText(UNSAVED_TEXT)).toBeInTheDocument();
    await user.click(main().getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(main().queryByText(UNSAVED_TEXT)).not.toBeInTheDocument());
    const sent = bodiesSent(fetchMock, 'POST /api/season/build') as Array<Record<string, unknown>>;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      participantCharacterBuildId: 302,
      buildClass: 'Soldier',
      buildDescription: 'Pets and fire!',
    });
  });

  it('when the owner deletes a saved build, then Cancel keeps it and Confirm Delete removes it on the server', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(null);
    serveBuilds(saved, 'grimmy');
    renderApp(PATH);

    await user.click(await main().findByRole('button', { name: 'Delete Build 1' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete build' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete build' })).not.toBeInTheDocument());
    expect(calls(fetchMock).some((c) => c.startsWith('DELETE'))).toBe(false);
    expect(main().getAllByRole('article')).toHaveLength(2);

    await user.click(main().getByRole('button', { name: 'Delete Build 1' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete build' })).getByRole('button', { name: 'Confirm Delete' }),
    );

    await waitFor(() => expect(main().getAllByRole('article')).toHaveLength(1));
    expect(calls(fetchMock)).toContain('DELETE /api/season/build/301');
    expect(main().getByRole('combobox', { name: 'Class' })).toHaveTextContent(/^Soldier$/);
  });

  it('when the owner deletes an unsaved build, then it is removed locally without a call and Add comes back', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(null);
    serveBuilds(saved, 'grimmy');
    renderApp(PATH);

    await user.click(await main().findByRole('button', { name: 'Add' }));
    await user.click(main().getByRole('button', { name: 'Delete Build 3' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete build' })).getByRole('button', { name: 'Confirm Delete' }),
    );

    await waitFor(() => expect(main().getAllByRole('article')).toHaveLength(2));
    expect(calls(fetchMock).some((c) => c.startsWith('DELETE'))).toBe(false);
    expect(main().getByRole('button', { name: 'Add' })).toBeEnabled();
    expect(main().queryByText(UNSAVED_TEXT)).not.toBeInTheDocument();
  });

  it('when the builds cannot be loaded, then the error shows', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 404, body: { message: 'Participant 5 does not exist' } }));
    renderApp(PATH);

    expect(main().getByRole('status', { name: 'Loading builds' })).toBeInTheDocument();
    expect(await main().findByText('Participant 5 does not exist')).toBeInTheDocument();
  });
});
