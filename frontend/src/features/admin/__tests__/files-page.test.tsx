import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import type { GameDataBranch, GameDataStatus } from '../api/admin-types';
import { GAME_DATA_POLL_MS, GameDataPanel, NO_GAME_DATA_TEXT } from '../components/game-data-panel';
import { addChosenFiles } from '../upload-rules';
import { gridTexts, serve } from './admin-serve';

const fetchMock = installFetchMock();
jest.setTimeout(60_000);

/** A stand-in XMLHttpRequest: the test drives its upload progress and its answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const realXhr = globalThis.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.last = null;
  globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterEach(() => {
  globalThis.XMLHttpRequest = realXhr;
});

const modFile = (fileName: string, modName = 'GrimLeagueS07') => ({
  fileName,
  modName,
  size: 2048,
  modifiedOn: '2024-10-18T09:30:00.000Z',
  downloadUrl: `https://files.test/${fileName}`,
});

function record(fileName: string, status: string, errorMessage: string | null = null) {
  return {
    id: '7f1c4c4e-0000-4000-8000-000000000001',
    branch: 'beta',
    kind: 'mod',
    fileName,
    modName: 'GrimLeagueS07',
    version: '',
    size: 10,
    md5: null,
    sha256: null,
    status,
    errorMessage,
    modifiedOn: '2024-10-19T09:30:00.000Z',
  };
}

/** GET /file/game-data with the branches' entries (nothing published on either unless given). */
function gameData(entries: Partial<Record<'prod' | 'beta', Partial<GameDataBranch>>> = {}): GameDataStatus {
  return {
    branches: (['prod', 'beta'] as const).map((branch) => ({
      branch,
      published: null,
      lastExtraction: null,
      ...entries[branch],
    })),
  };
}

function serveFiles(extra: Record<string, unknown> = {}) {
  serve(fetchMock, {
    '/api/file/game-data': gameData(),
    '/api/file/filenames': {
      modFiles: [modFile('GrimLeagueS07.arz'), modFile('Resources.arc')],
      launcherFile: { ...modFile('Launcher.zip'), version: '1.4.2' },
    },
    '/api/file/Resources.arc': { downloadUrl: 'https://files.test/fresh/Resources.arc' },
    ...extra,
  });
}

const file = (name: string, text = 'bytes') => new File([text], name, { type: 'application/octet-stream' });

async function open(branch: 'prod' | 'beta') {
  signIn('admin');
  renderApp(`/admin/files/${branch}`);
  await screen.findByRole('heading', { level: 1, name: `League Mod Files - ${branch}` }, { timeout: 5000 });
  await screen.findByRole('grid', { name: 'Mod Files' });
}

describe('admin files', () => {
  it('when chosen files are added, then only .arc, .arz and .zip are kept and a name already chosen is not added twice', () => {
    const wrap = (f: File) => ({ file: f });
    const once = addChosenFiles([], [file('a.arc'), file('notes.txt'), file('b.ZIP')], wrap);
    const twice = addChosenFiles(once, [file('a.arc'), file('c.arz')], wrap);
    expect(twice.map((p) => p.file.name)).toEqual(['a.arc', 'b.ZIP', 'c.arz']);
  });

  it('when prod opens, then the mod files and launcher tables show with their columns, and no Finalize Beta', async () => {
    serveFiles();
    await open('prod');
    const headers = within(screen.getByRole('grid', { name: 'Mod Files' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['File Name', 'File', 'File Size', 'Last Modified (UTC)', 'ModName']);
    expect(gridTexts('Mod Files')).toEqual([
      ['GrimLeagueS07.arz', '', '2.0 KB', '2024-10-18 09:30', 'GrimLeagueS07'],
      ['Resources.arc', '', '2.0 KB', '2024-10-18 09:30', 'GrimLeagueS07'],
    ]);
    const launcherHeaders = within(screen.getByRole('grid', { name: 'Launcher File' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(launcherHeaders).toContain('Version');
    expect(gridTexts('Launcher File')[0]).toContain('1.4.2');
    expect(screen.queryByRole('button', { name: 'Finalize Beta' })).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith('/api/file/filenames?v=v1&branch=prod', expect.anything());
  });

  it('when Download is clicked, then a fresh download URL of that branch opens in a new tab', async () => {
    serveFiles();
    const openSpy = jest.spyOn(window, 'open').mockImplementation(() => null);
    await open('prod');
    await userEvent.click(screen.getByRole('button', { name: 'Download Resources.arc' }));
    await waitFor(() =>
      expect(openSpy).toHaveBeenCalledWith('https://files.test/fresh/Resources.arc', '_blank', 'noopener'),
    );
    expect(fetchMock).toHaveBeenCalledWith('/api/file/Resources.arc?branch=prod', expect.anything());
    openSpy.mockRestore();
  });

  it('when a file is uploaded, then its progress shows, the form sends the mod name, and the table refreshes once processed while the file shows Processed', async () => {
    serveFiles({ '/api/file/uploads/7f1c4c4e-0000-4000-8000-000000000001': record('New.arc', 'ready') });
    await open('beta');
    const input = screen.getByLabelText('Choose mod files');
    expect(input).toHaveAttribute('accept', '.arc,.arz,.zip');
    fireEvent.change(input, { target: { files: [file('New.arc'), file('readme.txt')] } });
    fireEvent.change(input, { target: { files: [file('New.arc')] } });
    const chosen = within(screen.getByRole('list', { name: 'Upload mod files: chosen' }));
    expect(chosen.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual(['New.arc']);
    fireEvent.change(chosen.getByRole('textbox', { name: 'Mod Name' }), { target: { value: 'GrimLeagueS07b' } });

    fireEvent.click(
      within(screen.getByRole('region', { name: 'Upload mod files' })).getByRole('button', { name: 'Save' }),
    );
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/file?branch=beta&kind=mod&modName=GrimLeagueS07b');
    expect(xhr.headers['Authorization']).toBe('Bearer access-token-123');
    expect(xhr.body?.get('fileName')).toBe('New.arc');
    expect(xhr.body?.get('modName')).toBe('GrimLeagueS07b');

    act(() => xhr.progress(40, 100));
    expect(screen.getByRole('progressbar', { name: 'Upload of New.arc' })).toHaveAttribute('aria-valuenow', '40');

    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      act(() => xhr.answer(200, record('New.arc', 'processing')));
      await screen.findByText('Processing…');
      const listsBefore = fetchMock.mock.calls.filter(([u]) => u.startsWith('/api/file/filenames')).length;
      await waitFor(
        () =>
          expect(fetchMock.mock.calls.filter(([u]) => u.startsWith('/api/file/filenames')).length).toBe(
            listsBefore + 1,
          ),
        { timeout: 5000 },
      );
      expect(fetchMock).toHaveBeenCalledWith(
        '/api/file/uploads/7f1c4c4e-0000-4000-8000-000000000001',
        expect.anything(),
      );
      // The table refreshes in place: the chosen file and its verdict stay on screen.
      await screen.findByText('Processed');
      expect(screen.getByRole('progressbar', { name: 'Upload of New.arc' })).toHaveAttribute('aria-valuenow', '100');
    } finally {
      jest.useRealTimers();
    }
  });

  it('when the upload answers an errorMessage, then it is shown as an alert', async () => {
    serveFiles();
    const alertSpy = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    await open('beta');
    fireEvent.change(screen.getByLabelText('Choose launcher file'), { target: { files: [file('Launcher.zip')] } });
    const panel = within(screen.getByRole('region', { name: 'Upload launcher' }));
    expect(panel.getByRole('textbox', { name: 'Version' })).toHaveValue('1.4.2');
    fireEvent.click(panel.getByRole('button', { name: 'Save' }));
    expect(FakeXhr.last!.url).toBe('/api/file?branch=beta&kind=launcher&version=1.4.2');
    act(() => FakeXhr.last!.answer(200, record('Launcher.zip', 'failed', 'Launcher.zip is not a valid zip')));
    await waitFor(() => expect(alertSpy).toHaveBeenCalledWith('Launcher.zip is not a valid zip'));
    alertSpy.mockRestore();
  });

  it('when the upload fails over HTTP, then the form is reset', async () => {
    serveFiles();
    await open('beta');
    fireEvent.change(screen.getByLabelText('Choose mod files'), { target: { files: [file('Big.arc')] } });
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Upload mod files' })).getByRole('button', { name: 'Save' }),
    );
    act(() => FakeXhr.last!.answer(413, { message: 'The file is larger than the upload limit' }));
    await screen.findByText('The file is larger than the upload limit');
    expect(screen.queryByRole('list', { name: 'Upload mod files: chosen' })).toBeNull();
  });

  it('when Finalize Beta is confirmed, then it shows Processing, then Success, and stays disabled', async () => {
    let statusCalls = 0;
    const status = (s: string) => ({
      status: s,
      runId: 'r1',
      startedAt: null,
      finishedAt: null,
      message: null,
      promoted: [],
    });
    serveFiles({
      'POST /api/file/finalize-beta': status('processing'),
      '/api/file/finalize-beta/status': () => status(++statusCalls > 0 ? 'success' : 'processing'),
    });
    await open('beta');
    const button = screen.getByRole('button', { name: 'Finalize Beta' });
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/file/finalize-beta', expect.anything());

    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      fireEvent.click(button);
      fireEvent.click(await screen.findByRole('button', { name: 'Finalize' }));
      await screen.findByText('Processing');
      expect(button).toBeDisabled();
      await screen.findByText('Success', {}, { timeout: 5000 });
      expect(button).toBeDisabled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('when Finalize Beta fails, then it shows Error and stays disabled', async () => {
    serveFiles({
      'POST /api/file/finalize-beta': () => fakeResponse({ status: 409, body: { message: 'nothing to promote' } }),
    });
    await open('beta');
    await userEvent.click(screen.getByRole('button', { name: 'Finalize Beta' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finalize' }));
    await screen.findByText('Error', {}, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Finalize Beta', hidden: true })).toBeDisabled();
  });
});

const inputs = [
  { fileId: 'f-arz', fileName: 'GrimLeagueS07.arz' },
  { fileId: 'f-en', fileName: 'Text_EN.arc' },
  { fileId: 'f-de', fileName: 'Text_DE.arc' },
];

function publishedSet(over: Partial<NonNullable<GameDataBranch['published']>> = {}) {
  return {
    version: 3,
    inputs,
    size: 3_460_000,
    records: 808,
    items: 412,
    affixes: 120,
    sets: 9,
    creatures: 1534,
    languages: ['en', 'de'],
    problems: ['records/items/old/a01_ring.dbr: no itemNameTag', 'tagMonsterX: no text in de'],
    problemCount: 27,
    publishedAt: '2025-03-02T10:15:00.000Z',
    ...over,
  };
}

function extraction(
  status: NonNullable<GameDataBranch['lastExtraction']>['status'],
  over: Partial<NonNullable<GameDataBranch['lastExtraction']>> = {},
) {
  const running = status === 'processing';
  return {
    status,
    inputs,
    startedAt: '2025-03-02T10:14:48.000Z',
    finishedAt: running ? null : '2025-03-02T10:15:00.000Z',
    message: null,
    durationMs: running ? null : 12_345,
    ...over,
  };
}

const gameDataPanel = () => within(screen.getByRole('region', { name: 'Game data' }));

/** The value beside a term of the panel's part ('Published set', 'Last extraction'). */
function fact(part: string, term: string): string {
  const terms = within(gameDataPanel().getByRole('region', { name: part })).getAllByText(term, { selector: 'dt' });
  return terms[0]?.nextElementSibling?.textContent ?? '';
}

const gameDataCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/file/game-data').length;

/** Fake time up to the panel's next poll, which asks at once (its answer follows in microtasks). */
async function toNextPoll() {
  await act(async () => {
    jest.advanceTimersByTime(GAME_DATA_POLL_MS);
  });
}

describe('admin files: game data', () => {
  it('when the branch has published game data, then the panel shows the set, the last extraction and its problems collapsed with their count', async () => {
    serveFiles({
      '/api/file/game-data': gameData({
        prod: { published: publishedSet(), lastExtraction: extraction('published') },
        beta: { lastExtraction: extraction('failed', { message: 'beta only' }) },
      }),
    });
    await open('prod');
    await gameDataPanel().findByRole('region', { name: 'Published set' });

    expect(fact('Published set', 'Version')).toBe('3');
    expect(fact('Published set', 'Records read')).toBe('808');
    expect(fact('Published set', 'Items')).toBe('412');
    expect(fact('Published set', 'Affixes')).toBe('120');
    expect(fact('Published set', 'Sets')).toBe('9');
    expect(fact('Published set', 'Creatures')).toBe('1,534');
    expect(fact('Published set', 'Languages')).toBe('English (en), Deutsch (de)');
    expect(fact('Published set', 'Published (UTC)')).toBe('2025-03-02 10:15');
    expect(fact('Published set', 'Read from')).toBe('GrimLeagueS07.arz, Text_EN.arc, Text_DE.arc');
    expect(fact('Last extraction', 'Status')).toBe('Published');
    expect(fact('Last extraction', 'Started (UTC)')).toBe('2025-03-02 10:14');
    expect(fact('Last extraction', 'Took')).toBe('12.3 s');
    expect(gameDataPanel().queryByText('beta only')).toBeNull();

    const lastExtraction = within(gameDataPanel().getByRole('region', { name: 'Last extraction' }));
    const summary = lastExtraction.getByText('Problems (27)');
    expect(lastExtraction.getByText('tagMonsterX: no text in de')).not.toBeVisible();
    fireEvent.click(summary);
    expect(lastExtraction.getByText('tagMonsterX: no text in de')).toBeVisible();
    expect(lastExtraction.getByText('… and 25 more')).toBeVisible();
    expect(gameDataCalls()).toBe(1);
  });

  it('when nothing has been published, then the panel says which files to upload', async () => {
    serveFiles();
    await open('beta');

    expect(await gameDataPanel().findByText(NO_GAME_DATA_TEXT)).toBeInTheDocument();
    expect(NO_GAME_DATA_TEXT).toBe("No game data published yet: upload the mod's .arz and Text_EN.arc");
    expect(gameDataPanel().getByText('No extraction has run yet.')).toBeInTheDocument();
  });

  it('when the last extraction failed, then Failed and its reason show and the published set stays as it was', async () => {
    serveFiles({
      '/api/file/game-data': gameData({
        beta: {
          published: publishedSet({ problemCount: 0, problems: [] }),
          lastExtraction: extraction('failed', {
            message: 'Text_DE.arc: block 3 is not valid LZ4',
            durationMs: 850,
          }),
        },
      }),
    });
    await open('beta');
    await gameDataPanel().findByRole('region', { name: 'Last extraction' });

    expect(fact('Last extraction', 'Status')).toBe('Failed');
    expect(fact('Last extraction', 'Took')).toBe('850 ms');
    expect(
      within(gameDataPanel().getByRole('region', { name: 'Last extraction' })).getByRole('alert'),
    ).toHaveTextContent('Text_DE.arc: block 3 is not valid LZ4');
    expect(fact('Published set', 'Version')).toBe('3');
    expect(
      within(gameDataPanel().getByRole('region', { name: 'Published set' })).getByText('No problems found.'),
    ).toBeInTheDocument();
  });

  it('when an extraction is processing, then the panel asks again every few seconds until it has finished', async () => {
    let asked = 0;
    serveFiles({
      '/api/file/game-data': () =>
        ++asked < 3
          ? gameData({ prod: { lastExtraction: extraction('processing') } })
          : gameData({ prod: { published: publishedSet(), lastExtraction: extraction('published') } }),
    });
    // The panel on its own: the page's grids would keep fake timers busy.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      render(<GameDataPanel branch="prod" uploaded={[]} />);
      await gameDataPanel().findByText('Still running');
      expect(fact('Last extraction', 'Status')).toBe('Processing');

      await toNextPoll();
      await waitFor(() => expect(gameDataCalls()).toBe(2));
      expect(fact('Last extraction', 'Status')).toBe('Processing');
      await toNextPoll();
      await waitFor(() => expect(fact('Last extraction', 'Status')).toBe('Published'));
      expect(fact('Published set', 'Items')).toBe('412');

      await toNextPoll();
      await toNextPoll();
      expect(gameDataCalls()).toBe(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it('when an .arz upload finishes, then the panel asks until the extraction that reads it has published it', async () => {
    const uploadId = '7f1c4c4e-0000-4000-8000-000000000001';
    const newInputs = [{ fileId: uploadId, fileName: 'New.arz' }, ...inputs.slice(1)];
    const answers = [
      // before the upload, and just after it (the worker has not taken it up yet)
      gameData({ beta: { published: publishedSet(), lastExtraction: extraction('published') } }),
      gameData({ beta: { published: publishedSet(), lastExtraction: extraction('published') } }),
      gameData({
        beta: { published: publishedSet(), lastExtraction: extraction('processing', { inputs: newInputs }) },
      }),
      gameData({
        beta: {
          published: publishedSet({ version: 4, inputs: newInputs, items: 413 }),
          lastExtraction: extraction('published', { inputs: newInputs }),
        },
      }),
    ];
    let asked = 0;
    serveFiles({
      '/api/file/game-data': () => answers[Math.min(asked++, answers.length - 1)],
      [`/api/file/uploads/${uploadId}`]: record('New.arz', 'ready'),
    });
    await open('beta');
    await gameDataPanel().findByRole('region', { name: 'Published set' });
    expect(gameDataCalls()).toBe(1);

    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      fireEvent.change(screen.getByLabelText('Choose mod files'), { target: { files: [file('New.arz')] } });
      fireEvent.click(
        within(screen.getByRole('region', { name: 'Upload mod files' })).getByRole('button', { name: 'Save' }),
      );
      act(() => FakeXhr.last!.answer(200, record('New.arz', 'ready')));
      // At once after the upload: the worker has not taken it up yet, so the panel keeps asking.
      await waitFor(() => expect(gameDataCalls()).toBe(2));
      await screen.findByText('Processed');
      await toNextPoll();
      await waitFor(() => expect(fact('Last extraction', 'Status')).toBe('Processing'));
      await toNextPoll();
      await waitFor(() => expect(fact('Published set', 'Version')).toBe('4'));
      expect(fact('Published set', 'Items')).toBe('413');
      expect(fact('Published set', 'Read from')).toBe('New.arz, Text_EN.arc, Text_DE.arc');
      expect(fact('Last extraction', 'Status')).toBe('Published');

      await toNextPoll();
      await toNextPoll();
      expect(gameDataCalls()).toBe(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('when the launcher is uploaded, then the game data is not asked for again', async () => {
    serveFiles({ '/api/file/uploads/7f1c4c4e-0000-4000-8000-000000000001': record('Launcher.zip', 'ready') });
    await open('beta');
    await gameDataPanel().findByText(NO_GAME_DATA_TEXT);

    fireEvent.change(screen.getByLabelText('Choose launcher file'), { target: { files: [file('Launcher.zip')] } });
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Upload launcher' })).getByRole('button', { name: 'Save' }),
    );
    act(() => FakeXhr.last!.answer(200, record('Launcher.zip', 'ready')));
    await screen.findByText('Processed');

    expect(gameDataCalls()).toBe(1);
  });

  it('when the game data cannot be loaded, then the panel says so, the files still show and no Error modal opens', async () => {
    serveFiles({
      '/api/file/game-data': () => fakeResponse({ status: 503, body: { message: 'files service unavailable' } }),
    });
    await open('prod');

    expect(
      await gameDataPanel().findByText('The game data status could not be loaded: files service unavailable'),
    ).toBeInTheDocument();
    expect(gridTexts('Mod Files')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
