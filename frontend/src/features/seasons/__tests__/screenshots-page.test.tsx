import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { NO_SCREENSHOTS_TEXT } from '../components/screenshots-page';
import { UNSAVED_TEXT } from '../use-editable-list';
import { bodiesSent, calls, main, serve } from './serve';

const fetchMock = installFetchMock();
jest.setTimeout(60_000);

const PATH = '/seasons/19/participant/5/screenshots?username=grimmy';

function shot(id: number, screenshotUrl: string) {
  return { participantScreenshotId: id, seasonParticipantId: 5, screenshotUrl, createdOn: '2024-11-01T10:00:00.000Z' };
}

function serveShots(initial: ReturnType<typeof shot>[], viewer: string | null) {
  let shots = [...initial];
  serve(fetchMock, {
    '/api/season/participant/5/screenshots': () => shots,
    '/api/season/profile': viewer ? { username: viewer, isPatreonConnected: false, seasonParticipants: [] } : undefined,
    'POST /api/season/screenshot': (init: RequestInit) => {
      const body = JSON.parse(String(init.body));
      const saved = shot(body.participantScreenshotId || 700, body.screenshotUrl);
      shots = [...shots.filter((s) => s.participantScreenshotId !== saved.participantScreenshotId), saved];
      return saved;
    },
    'DELETE /api/season/screenshot/501': () => {
      shots = shots.filter((s) => s.participantScreenshotId !== 501);
      return { participantScreenshotId: 501 };
    },
  });
}

describe('screenshots page', () => {
  it('when a visitor views them, then each image shows with alt text and no editing controls', async () => {
    serveShots([shot(501, 'https://i.example.com/boss.png')], null);
    renderApp(PATH);

    const image = await main().findByRole('img', { name: 'Screenshot 1 by grimmy' });
    expect(image).toHaveAttribute('src', 'https://i.example.com/boss.png');
    expect(main().queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(main().queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('when there are none, then the empty state shows', async () => {
    serveShots([], null);
    renderApp(PATH);

    expect(await main().findByText(NO_SCREENSHOTS_TEXT)).toBeInTheDocument();
  });

  it('when the owner adds one, then Add is disabled and the unsaved mark shows until Save sends it and reloads', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(null);
    serveShots([], 'grimmy');
    renderApp(PATH);

    const add = await main().findByRole('button', { name: 'Add' });
    await user.click(add);
    expect(add).toBeDisabled();
    expect(main().getByText(UNSAVED_TEXT)).toBeInTheDocument();
    await user.click(main().getByRole('textbox', { name: 'New Screenshot URL' }));
    await user.paste('https://i.example.com/new.jpg');
    await user.click(main().getByRole('button', { name: 'Save' }));

    expect(await main().findByRole('img', { name: 'Screenshot 1 by grimmy' })).toHaveAttribute(
      'src',
      'https://i.example.com/new.jpg',
    );
    await waitFor(() => expect(main().queryByText(UNSAVED_TEXT)).not.toBeInTheDocument());
    expect(bodiesSent(fetchMock, 'POST /api/season/screenshot')).toEqual([
      { participantScreenshotId: 0, seasonParticipantId: 5, screenshotUrl: 'https://i.example.com/new.jpg' },
    ]);
    expect(main().getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  it('when the owner confirms deleting a saved one, then it is deleted on the server', async () => {
    const user = userEvent.setup({ delay: null });
    signIn(null);
    serveShots([shot(501, 'https://i.example.com/boss.png')], 'grimmy');
    renderApp(PATH);

    await user.click(await main().findByRole('button', { name: 'Delete Screenshot 1' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete screenshot' }));
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm Delete' }));

    expect(await main().findByText(NO_SCREENSHOTS_TEXT)).toBeInTheDocument();
    expect(calls(fetchMock)).toContain('DELETE /api/season/screenshot/501');
  });
});
