import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readCookie } from '@/lib/cookies';
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from '@/lib/language';
import { languageName } from '@/lib/language-name';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { calls, main, serve, type FetchMock } from '@/test/serve';

const fetchMock = installFetchMock();

afterEach(() => localStorage.clear());

const LANGUAGES = '/api/file/game-data/languages';

const headerOf = (init: RequestInit | undefined, name: string) =>
  (init?.headers as Record<string, string> | undefined)?.[name];

/** The Accept-Language each call to a path carried (undefined: none added, the browser's own goes). */
function languagesSent(mock: FetchMock, path: string): Array<string | undefined> {
  return mock.mock.calls
    .filter(([url]) => url.split('?')[0] === path)
    .map(([, init]) => headerOf(init, 'Accept-Language'));
}

/** The item page's name in the language the request asked for, as the season service answers it. */
const NAMES: Record<string, string> = { de: 'Mythischer Dämmerungsbrecher', en: 'Mythical Dawnbreaker' };

function stats(name: string) {
  return {
    itemDisplay: {
      baseItem: { itemDbrTag: { name }, rarity: 'Legendary', style: null, itemTypeId: 0, levelRequirement: 94 },
      prefix: null,
      suffix: null,
      itemType: 'Sword',
    },
    statDetail: { itemStatLines: [], completionStatLines: [] },
  };
}

function serveSite(languages: string[] | (() => unknown) = ['en', 'de', 'fr', 'ja']) {
  const nameFor = (init: RequestInit) => NAMES[headerOf(init, 'Accept-Language') ?? 'en'] ?? NAMES.en!;
  serve(fetchMock, {
    [LANGUAGES]: typeof languages === 'function' ? languages : { languages },
    '/api/season/item/7': (init: RequestInit) => ({
      itemId: 7,
      name: nameFor(init),
      active: true,
      lore: '',
      rarity: 'Legendary',
      type: 'Sword',
      requiredPhysique: 0,
      requiredCunning: 0,
      requiredSpirit: 0,
      requiredPlayerLevel: 94,
      itemLevel: 94,
      dropsFrom: '',
      nodes: [],
    }),
    '/api/season/item/7/stats': (init: RequestInit) => stats(nameFor(init)),
  });
}

const header = () => within(screen.getByRole('banner'));

async function openMenu() {
  await userEvent.click(header().getByRole('button', { name: 'Language' }));
  return within(await screen.findByRole('menu', { name: 'Language' }));
}

async function choices() {
  const menu = within(await screen.findByRole('menu', { name: 'Language' }));
  return menu.getAllByRole('menuitemradio').map((item) => ({
    name: item.textContent,
    checked: item.getAttribute('aria-checked') === 'true',
  }));
}

describe('language choice', () => {
  it('when a language is shown, then it is named in itself, and a code the browser cannot name stays a code', () => {
    expect(['en', 'de', 'fr', 'es', 'pl', 'ru', 'zh', 'ja', 'ko', 'cs', 'tr', 'uk'].map(languageName)).toEqual([
      'English',
      'Deutsch',
      'Français',
      'Español',
      'Polski',
      'Русский',
      '中文',
      '日本語',
      '한국어',
      'Čeština',
      'Türkçe',
      'Українська',
    ]);
    expect(languageName('xx')).toBe('xx');
    expect(languageName('not a tag')).toBe('not a tag');
  });

  it('when the page opens, then the language list is not asked for until the menu opens', async () => {
    serveSite();
    renderApp('/item/7');
    await main().findByText('Mythical Dawnbreaker');

    expect(calls(fetchMock).filter((call) => call.includes(LANGUAGES))).toEqual([]);
    const menu = await openMenu();

    expect(calls(fetchMock)).toContain(`GET ${LANGUAGES}?branch=prod`);
    await menu.findByRole('menuitemradio', { name: 'Deutsch' });
    expect(await choices()).toEqual([
      { name: 'Automatic (browser)', checked: true },
      { name: 'English', checked: false },
      { name: 'Deutsch', checked: false },
      { name: 'Français', checked: false },
      { name: '日本語', checked: false },
    ]);
    expect(menu.getByRole('menuitemradio', { name: '日本語' }).querySelector('[lang="ja"]')).not.toBeNull();
  });

  it('when Deutsch is chosen, then it is remembered, the page loads again in German and every call says de', async () => {
    serveSite();
    renderApp('/item/7');
    await main().findByText('Mythical Dawnbreaker');
    expect(languagesSent(fetchMock, '/api/season/item/7')).toEqual([undefined]);

    const menu = await openMenu();
    await userEvent.click(await menu.findByRole('menuitemradio', { name: 'Deutsch' }));

    expect(await main().findByText('Mythischer Dämmerungsbrecher')).toBeInTheDocument();
    expect(main().queryByText('Mythical Dawnbreaker')).not.toBeInTheDocument();
    expect(languagesSent(fetchMock, '/api/season/item/7')).toEqual([undefined, 'de']);
    expect(languagesSent(fetchMock, '/api/season/item/7/stats')).toEqual([undefined, 'de']);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(readCookie(LANGUAGE_COOKIE)).toBe('de');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await openMenu();
    expect((await choices()).filter((choice) => choice.checked)).toEqual([{ name: 'Deutsch', checked: true }]);
  });

  it('when Automatic is chosen after Deutsch, then the choice is forgotten and calls carry no language of ours', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    serveSite();
    renderApp('/item/7');
    await main().findByText('Mythischer Dämmerungsbrecher');

    const menu = await openMenu();
    expect((await choices()).filter((choice) => choice.checked)).toEqual([{ name: 'Deutsch', checked: true }]);
    await userEvent.click(menu.getByRole('menuitemradio', { name: 'Automatic (browser)' }));

    expect(await main().findByText('Mythical Dawnbreaker')).toBeInTheDocument();
    expect(languagesSent(fetchMock, '/api/season/item/7')).toEqual(['de', undefined]);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(readCookie(LANGUAGE_COOKIE)).toBeUndefined();
  });

  it('when only the lang cookie remembers the choice, then it still holds, and the visit writes it back to storage', async () => {
    document.cookie = `${LANGUAGE_COOKIE}=de; path=/`;
    serveSite();
    renderApp('/item/7');

    expect(await main().findByText('Mythischer Dämmerungsbrecher')).toBeInTheDocument();
    expect(languagesSent(fetchMock, '/api/season/item/7')).toEqual(['de']);
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it('when the stored choice is not a language tag, then it is ignored', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de\r\nX-Evil: 1');
    serveSite();
    renderApp('/item/7');

    await main().findByText('Mythical Dawnbreaker');
    expect(languagesSent(fetchMock, '/api/season/item/7')).toEqual([undefined]);
  });

  it('when the chosen language is not offered on this branch, then it is still listed, checked, after the offered ones', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru');
    // English first and each language once whatever the answer holds; what is no language tag is left out.
    serveSite(['de', 'en', 'de', 'x y']);
    renderApp('/item/7');
    await main().findByText('Mythical Dawnbreaker');

    await openMenu();
    await screen.findByRole('menuitemradio', { name: 'Deutsch' });
    expect(await choices()).toEqual([
      { name: 'Automatic (browser)', checked: false },
      { name: 'English', checked: false },
      { name: 'Deutsch', checked: false },
      { name: 'Русский', checked: true },
    ]);
  });

  it('when the language list cannot be loaded, then Automatic and English are still offered and no error pops up', async () => {
    serveSite(() => fakeResponse({ status: 503, body: { message: 'files service unavailable' } }));
    renderApp('/item/7');
    await main().findByText('Mythical Dawnbreaker');

    await openMenu();
    await waitFor(() => expect(calls(fetchMock)).toContain(`GET ${LANGUAGES}?branch=prod`));
    expect(await choices()).toEqual([
      { name: 'Automatic (browser)', checked: true },
      { name: 'English', checked: false },
    ]);
    expect(screen.queryByText('files service unavailable')).not.toBeInTheDocument();
  });

  it('when a tester looks at beta, then the menu lists the beta languages', async () => {
    signIn('tester');
    document.cookie = 'branch=beta; path=/';
    serveSite();
    renderApp('/item/7');
    await main().findByText('Mythical Dawnbreaker');

    await openMenu();

    await waitFor(() => expect(calls(fetchMock)).toContain(`GET ${LANGUAGES}?branch=beta`));
  });

  it('when only the keyboard is used, then the menu opens, moves and chooses, and focus returns to the button', async () => {
    serveSite(['en', 'de']);
    renderApp('/item/7');
    await main().findByText('Mythical Dawnbreaker');
    const button = header().getByRole('button', { name: 'Language' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    act(() => button.focus());
    await userEvent.keyboard('{Enter}');
    const menu = within(await screen.findByRole('menu', { name: 'Language' }));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await menu.findByRole('menuitemradio', { name: 'Deutsch' });
    await waitFor(() => expect(menu.getByRole('menuitemradio', { name: 'Automatic (browser)' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(menu.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    expect(await main().findByText('Mythischer Dämmerungsbrecher')).toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it('when Escape is pressed in the menu, then it closes and nothing changes', async () => {
    serveSite(['en', 'de']);
    renderApp('/item/7');
    await main().findByText('Mythical Dawnbreaker');

    await openMenu();
    await userEvent.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    expect(languagesSent(fetchMock, '/api/season/item/7')).toEqual([undefined]);
  });

  it('when the navigation drawer is open, then its Language entry opens the same menu', async () => {
    serveSite(['en', 'de']);
    renderApp('/item/7');
    await main().findByText('Mythical Dawnbreaker');

    await userEvent.click(header().getByRole('button', { name: 'Open navigation' }));
    const drawer = within(await screen.findByRole('dialog', { name: 'Navigation' }));
    const entry = drawer.getByRole('button', { name: /Language/ });
    expect(entry).toHaveTextContent('Automatic (browser)');
    await userEvent.click(entry);
    await userEvent.click(await screen.findByRole('menuitemradio', { name: 'Deutsch' }));

    await waitFor(() => expect(entry).toHaveTextContent('Deutsch'));
    expect(await main().findByText('Mythischer Dämmerungsbrecher')).toBeInTheDocument();
  });
});
