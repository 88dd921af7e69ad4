import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { formatChatTime, formatDuration } from '../admin-format';
import { isBanned } from '../components/chat-user-page';
import { bodiesSent, calls, gridTexts, serve, paged } from './admin-serve';

const fetchMock = installFetchMock();
jest.setTimeout(60_000);

function serveChat(options: { online?: () => string[]; history?: () => unknown[]; roles?: string[] } = {}) {
  let history = options.history;
  let banned = false;
  let roles = options.roles ?? ['user'];
  let welcome = [
    {
      chatSystemMessageId: 1,
      source: 'Welcome',
      message: 'Welcome to the league!',
      timestamp: '2024-10-19T15:00:00.000Z',
      type: 0,
      displayOrder: 1,
    },
    {
      chatSystemMessageId: 2,
      source: 'Welcome',
      message: 'Be nice.',
      timestamp: '2024-10-19T15:00:00.000Z',
      type: 0,
      displayOrder: 2,
    },
  ];
  serve(fetchMock, {
    '/api/chat/connected-clients': () => (options.online ?? (() => ['grimmy', 'ashes']))(),
    '/api/chat/welcome-messages': () => welcome,
    'POST /api/chat/welcome-messages': (init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Array<{ chatSystemMessageId: number; message: string }>;
      welcome = body.map((m, i) => ({
        ...welcome[0]!,
        chatSystemMessageId: m.chatSystemMessageId || 100 + i,
        message: m.message,
        displayOrder: i + 1,
      }));
      return welcome;
    },
    'DELETE /api/chat/welcome-message/2': () => {
      welcome = welcome.filter((m) => m.chatSystemMessageId !== 2);
      return { message: 'Deleted' };
    },
    'POST /api/chat/system-message': { message: 'Sent' },
    '/api/chat/banned-users': (_init: RequestInit, url: string) =>
      paged([{ username: 'troll', banStart: '2024-10-20T10:00:00.000Z' }], url),
    '/api/chat/chat-log': (_init: RequestInit, url: string) =>
      paged(
        [
          { timestamp: '2024-10-21T13:04:05.000Z', message: 'hello there', channel: 'Global', itemName: null },
          { timestamp: '2024-10-21T09:08:07.000Z', message: 'wts sword', channel: 'Trade', itemName: 'Bladed Sword' },
        ],
        url,
      ),
    '/api/chat/ban-history': (_init: RequestInit, url: string) =>
      paged(
        (history ? history() : banned ? [{ banStart: '2024-10-21T10:00:00.000Z', banEnd: null }] : []) as Array<
          Record<string, unknown>
        >,
        url,
      ),
    'POST /api/chat/ban/troll': () => {
      banned = true;
      return { message: 'troll is banned' };
    },
    'POST /api/chat/unban/troll': () => {
      banned = false;
      history = () => [{ banStart: '2024-10-21T10:00:00.000Z', banEnd: '2024-10-21T11:02:03.000Z' }];
      return { message: 'troll is no longer banned' };
    },
    '/api/user/troll/roles': () => roles,
    'POST /api/user/troll/add-supporter': () => (roles = [...roles, 'supporter_s7']),
    'POST /api/user/troll/revoke-supporter': () => (roles = roles.filter((r) => r !== 'supporter_s7')),
  });
}

describe('chat formats and rules', () => {
  it('when times and durations are shown, then they read yyyy/MM/dd HH:mm:ss (UTC) and hours, minutes, seconds', () => {
    expect(formatChatTime('2024-10-21T13:04:05.000Z')).toBe('2024/10/21 13:04:05');
    expect(formatDuration('2024-10-21T10:00:00.000Z', '2024-10-22T11:02:03.000Z')).toBe('25h 2m 3s');
  });

  it('when the newest ban has no end, then the user is banned', () => {
    expect(isBanned([])).toBe(false);
    expect(isBanned([{ banStart: 'a', banEnd: null }])).toBe(true);
    expect(
      isBanned([
        { banStart: 'b', banEnd: 'c' },
        { banStart: 'a', banEnd: null },
      ]),
    ).toBe(false);
  });
});

describe('admin chat', () => {
  it('when the page opens, then the users online are counted and asked for again every 30 s', async () => {
    let online = ['grimmy', 'ashes'];
    serveChat({ online: () => online });
    signIn('admin');
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      renderApp('/admin/chat');
      await waitFor(
        () => expect(screen.getByRole('status', { name: 'Users online' })).toHaveTextContent('Users online: 2'),
        {
          timeout: 5000,
        },
      );
      const asked = () => calls(fetchMock).filter((c) => c === 'GET /api/chat/connected-clients').length;
      const before = asked();
      online = ['grimmy', 'ashes', 'newbie'];
      await act(async () => {
        jest.advanceTimersByTime(29_000);
      });
      expect(asked()).toBe(before);
      await act(async () => {
        jest.advanceTimersByTime(1_000);
      });
      await waitFor(() =>
        expect(screen.getByRole('status', { name: 'Users online' })).toHaveTextContent('Users online: 3'),
      );
      expect(asked()).toBe(before + 1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('when no tab is given, then the welcome messages show; tabs set ?t=ul and ?t=bu', async () => {
    serveChat();
    signIn('admin');
    const { router } = renderApp('/admin/chat');
    expect(await screen.findByRole('textbox', { name: 'Message 1' }, { timeout: 5000 })).toHaveValue(
      'Welcome to the league!',
    );
    expect(screen.getByRole('tab', { name: 'Welcome Message' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('tab', { name: 'User List' }));
    expect(router.state.location.search).toBe('?t=ul');
    await screen.findByRole('grid', { name: 'User List' });
    expect(screen.getByRole('link', { name: 'grimmy' })).toHaveAttribute('href', '/admin/chat/user/grimmy');

    await userEvent.click(screen.getByRole('tab', { name: 'Banned Users' }));
    expect(router.state.location.search).toBe('?t=bu');
    await screen.findByRole('link', { name: 'troll' });
    expect(gridTexts('Banned Users')[0]!.slice(0, 2)).toEqual(['troll', '2024/10/20 10:00:00']);
  });

  it('when messages are reordered, added and saved, then the list goes in that order with id 0 for the new one', async () => {
    serveChat();
    signIn('admin');
    renderApp('/admin/chat');
    await screen.findByRole('textbox', { name: 'Message 1' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Move message 2 up' }));
    expect(screen.getByText('* Unsaved Changes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Message' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Message 3' }), { target: { value: 'Season 7 is live' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('* Unsaved Changes')).toBeNull());
    expect(bodiesSent(fetchMock, 'POST /api/chat/welcome-messages')).toEqual([
      [
        { chatSystemMessageId: 2, message: 'Be nice.' },
        { chatSystemMessageId: 1, message: 'Welcome to the league!' },
        { chatSystemMessageId: 0, message: 'Season 7 is live' },
      ],
    ]);
  });

  it('when a saved message is deleted, then Cancel keeps it and Delete removes it on the server; an unsaved one goes locally', async () => {
    serveChat();
    signIn('admin');
    renderApp('/admin/chat');
    await screen.findByRole('textbox', { name: 'Message 2' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Delete message 2' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Message 2' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete message 2' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Message 2' })).toBeNull());
    expect(calls(fetchMock)).toContain('DELETE /api/chat/welcome-message/2');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'Add Message' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete message 2' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Message 2' })).toBeNull());
    expect(calls(fetchMock).filter((c) => c.startsWith('DELETE'))).toHaveLength(1);
  });

  it('when a system message is sent, then it goes to the chat service and the box empties', async () => {
    serveChat();
    signIn('admin');
    renderApp('/admin/chat');
    const box = await screen.findByRole('textbox', { name: 'System Message' }, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.change(box, { target: { value: 'Server restart in 5 minutes' } });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(bodiesSent(fetchMock, 'POST /api/chat/system-message')).toEqual([
      { message: 'Server restart in 5 minutes' },
    ]);
  });
});

describe('admin chat user', () => {
  it('when no tab is given, then the chat log shows with yyyy/MM/dd HH:mm:ss times', async () => {
    serveChat();
    signIn('admin');
    renderApp('/admin/chat/user/troll');
    await screen.findByRole('grid', { name: 'Chat Log' }, { timeout: 5000 });
    await waitFor(
      () =>
        expect(gridTexts('Chat Log')).toEqual([
          ['2024/10/21 13:04:05', 'Global', 'hello there', ''],
          ['2024/10/21 09:08:07', 'Trade', 'wts sword', 'Bladed Sword'],
        ]),
      { timeout: 5000 },
    );
    expect(calls(fetchMock)).toContain('GET /api/chat/chat-log?username=troll&page=1&pageSize=10');
  });

  it('when a user was never banned, then Ban History says so; Ban bans and reloads, Unban lifts it with a h/m/s duration', async () => {
    serveChat();
    signIn('admin');
    renderApp('/admin/chat/user/troll?t=bh');
    await screen.findByText('User has never been banned', {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Ban' }));
    await screen.findByRole('button', { name: 'Unban' });
    // The table asks the server for its own first page.
    await waitFor(() =>
      expect(gridTexts('Ban History')[0]?.slice(1)).toEqual([
        'Still banned',
        expect.stringMatching(/^\d+h \d+m \d+s$/),
      ]),
    );
    expect(calls(fetchMock)).toContain('GET /api/chat/ban-history?username=troll&page=1&pageSize=10');

    await userEvent.click(screen.getByRole('button', { name: 'Unban' }));
    await screen.findByRole('button', { name: 'Ban' });
    await waitFor(() =>
      expect(gridTexts('Ban History')).toEqual([['2024/10/21 10:00:00', '2024/10/21 11:02:03', '1h 2m 3s']]),
    );
    expect(calls(fetchMock).filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/chat/ban/troll',
      'POST /api/chat/unban/troll',
    ]);
  });

  it('when Supporter Status opens, then Add grants supporter_s7 and Revoke takes it back', async () => {
    serveChat();
    signIn('admin');
    renderApp('/admin/chat/user/troll?t=ss');
    expect(await screen.findByRole('status', { name: 'Supporter status' }, { timeout: 5000 })).toHaveTextContent(
      'troll is not a supporter',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Supporter status' })).toHaveTextContent('troll is a supporter'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Supporter status' })).toHaveTextContent('troll is not a supporter'),
    );
    expect(calls(fetchMock).filter((c) => c.startsWith('POST'))).toEqual([
      'POST /api/user/troll/add-supporter',
      'POST /api/user/troll/revoke-supporter',
    ]);
  });
});
