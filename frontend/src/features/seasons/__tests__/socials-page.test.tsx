import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { NO_SOCIALS_TEXT } from '../components/socials-page';
import { UNSAVED_TEXT } from '../use-editable-list';
import { bodiesSent, calls, main, serve } from './serve';

const fetchMock = installFetchMock();
jest.setTimeout(60_000);

function serveSocials(initial: { twitchUrl: string | null; youtubeUrl: string | null }, viewer: string | null) {
  let socials = { username: 'grimmy', ...initial };
  serve(fetchMock, {
    '/api/user/grimmy/socials': () => socials,
    '/api/season/profile': viewer ? { username: viewer, isPatreonConnected: false, seasonParticipants: [] } : undefined,
    'POST /api/user/socials': (init: RequestInit) => {
      socials = JSON.parse(String(init.body));
      return socials;
    },
  });
}

describe('socials page', () => {
  it('when a visitor views them, then the links show read-only', async () => {
    serveSocials({ twitchUrl: 'https://twitch.tv/grimmy', youtubeUrl: null }, null);
    renderApp('/socials?username=grimmy');

    expect(await main().findByRole('link', { name: 'Twitch' })).toHaveAttribute('href', 'https://twitch.tv/grimmy');
    expect(main().queryByRole('link', { name: 'YouTube' })).not.toBeInTheDocument();
    expect(main().queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('when the user has no links, then the empty state shows', async () => {
    serveSocials({ twitchUrl: null, youtubeUrl: null }, null);
    renderApp('/socials?username=grimmy');

    expect(await main().findByText(NO_SOCIALS_TEXT)).toBeInTheDocument();
  });

  it('when the name has no account, then the empty state shows without the Error modal', async () => {
    serve(fetchMock, {}); // every call is a 404, as GET /user/{unknown}/socials is
    renderApp('/socials?username=grimmy');

    expect(await main().findByText(NO_SOCIALS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Error' })).not.toBeInTheDocument();
  });

  it('when reading the links fails otherwise, then the page shows the error state', async () => {
    serve(fetchMock, {
      '/api/user/grimmy/socials': () => fakeResponse({ status: 503, body: { message: 'Account service unavailable' } }),
    });
    renderApp('/socials?username=grimmy');

    expect(await main().findByText('Account service unavailable')).toBeInTheDocument();
  });

  it('when the owner edits and saves, then the unsaved mark shows until POST /user/socials succeeds and the links reload', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(null);
    serveSocials({ twitchUrl: 'https://twitch.tv/grimmy', youtubeUrl: null }, 'grimmy');
    renderApp('/socials?username=grimmy');

    const youtube = await main().findByRole('textbox', { name: 'YouTube URL' });
    expect(main().getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(youtube);
    await user.paste('https://youtube.com/@grimmy');
    expect(main().getByText(UNSAVED_TEXT)).toBeInTheDocument();
    await user.click(main().getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(main().queryByText(UNSAVED_TEXT)).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'POST /api/user/socials')).toEqual([
      { username: 'grimmy', twitchUrl: 'https://twitch.tv/grimmy', youtubeUrl: 'https://youtube.com/@grimmy' },
    ]);
    expect(calls(fetchMock).filter((c) => c === 'GET /api/user/grimmy/socials')).toHaveLength(2);
  });

  it('when another player is logged in, then the fields are not offered', async () => {
    signIn(null);
    serveSocials({ twitchUrl: 'https://twitch.tv/grimmy', youtubeUrl: null }, 'intruder');
    renderApp('/socials?username=grimmy');

    await main().findByRole('link', { name: 'Twitch' });
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/season/profile'));
    expect(main().queryByRole('textbox', { name: 'Twitch URL' })).not.toBeInTheDocument();
  });
});
