import { runId, startChat, type ChatFixture } from './support';

jest.setTimeout(60_000);

/** The admin tables page and sort on the server when asked; without paging the plain list stays. */
describe('admin chat lists: server-side paging and sorting', () => {
  let f: ChatFixture;
  let admin: string;
  let adminName: string;
  const run = runId();

  beforeAll(async () => {
    f = await startChat();
    adminName = `Admin${run}`;
    admin = await f.token(adminName, ['admin']);
    // Twelve messages in the admin's own chat log (a system message is logged under the sender).
    for (let i = 1; i <= 12; i += 1) {
      const res = await f.http('POST', '/chat/system-message', {
        token: admin,
        body: { message: `note ${String(i).padStart(2, '0')} ${i % 2 ? 'odd' : 'even'}` },
      });
      expect(res.status).toBe(200);
    }
    // Banned users whose names sort differently from their ban order.
    for (const name of [`Charlie${run}`, `alpha${run}`, `Bravo${run}`]) {
      expect((await f.http('POST', `/chat/ban/${name}`, { token: admin })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 5));
    }
  }, 90_000);

  afterAll(async () => {
    await f?.close();
  });

  const get = (path: string) => f.http('GET', path, { token: admin });
  const log = (q: string) => get(`/chat/chat-log?username=${adminName}${q}`);

  it('when the chat log is asked for a page, then it answers that page, newest first, with the count of all', async () => {
    const first = await log('&page=1&pageSize=10');
    expect(first.status).toBe(200);
    expect(first.body.itemCount).toBe(12);
    expect(first.body.items.map((e: { message: string }) => e.message.slice(0, 7))).toEqual(
      [12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `note ${String(i).padStart(2, '0')}`),
    );
    const second = await log('&page=2&pageSize=10');
    expect(second.body).toEqual({
      items: [
        { timestamp: expect.any(String), message: 'note 02 even', channel: 'System', itemName: null },
        { timestamp: expect.any(String), message: 'note 01 odd', channel: 'System', itemName: null },
      ],
      itemCount: 12,
    });
    expect((await log('&page=3&pageSize=10')).body).toEqual({ items: [], itemCount: 12 });
  });

  it('when the chat log is sorted by message or timestamp ascending, then the store orders before it pages', async () => {
    const byMessage = await log('&page=1&pageSize=10&sort=message&dir=desc');
    expect(byMessage.body.items.map((e: { message: string }) => e.message)[0]).toBe('note 12 even');
    expect(byMessage.body.items[9].message).toBe('note 03 odd');
    const oldest = await log('&page=2&pageSize=10&sort=timestamp&dir=asc');
    expect(oldest.body.items.map((e: { message: string }) => e.message)).toEqual(['note 11 odd', 'note 12 even']);
    // pageSize alone means page 1.
    const small = await log('&pageSize=20&sort=timestamp&dir=asc');
    expect(small.body.items).toHaveLength(12);
    expect(small.body.items[0].message).toBe('note 01 odd');
  });

  it('when no paging is asked for, then the chat log is the plain array, newest first, as before', async () => {
    const plain = await log('');
    expect(Array.isArray(plain.body)).toBe(true);
    expect(plain.body).toHaveLength(12);
    expect(plain.body[0].message).toBe('note 12 even');
  });

  it('when banned users are paged, then by name (case-insensitive) or by ban start, with the count', async () => {
    const byName = await get('/chat/banned-users?page=1&pageSize=10&sort=username&dir=asc');
    expect(byName.body).toEqual({
      items: [
        { username: `alpha${run}`, banStart: expect.any(String) },
        { username: `Bravo${run}`, banStart: expect.any(String) },
        { username: `Charlie${run}`, banStart: expect.any(String) },
      ],
      itemCount: 3,
    });
    const newest = await get('/chat/banned-users?page=1&pageSize=10&sort=banStart&dir=desc');
    expect(newest.body.items.map((u: { username: string }) => u.username)).toEqual([
      `Bravo${run}`,
      `alpha${run}`,
      `Charlie${run}`,
    ]);
    const descName = await get('/chat/banned-users?page=1&pageSize=10&dir=desc');
    expect(descName.body.items.map((u: { username: string }) => u.username)[0]).toBe(`Charlie${run}`);
    expect((await get('/chat/banned-users?page=2&pageSize=10')).body).toEqual({ items: [], itemCount: 3 });
    const plain = await get('/chat/banned-users');
    expect(Array.isArray(plain.body)).toBe(true);
    expect(plain.body).toHaveLength(3);
  });

  it('when a ban history is paged, then newest first by default, or by ban end with the open ban last', async () => {
    const name = `Repeat${run}`;
    for (const action of ['ban', 'unban', 'ban', 'unban', 'ban']) {
      expect((await f.http('POST', `/chat/${action}/${name}`, { token: admin })).status).toBe(200);
    }
    const page = await get(`/chat/ban-history?username=${name}&page=1&pageSize=10`);
    expect(page.body.itemCount).toBe(3);
    expect(page.body.items[0].banEnd).toBeNull();
    const second = await get(`/chat/ban-history?username=${name}&page=2&pageSize=10`);
    expect(second.body).toEqual({ items: [], itemCount: 3 });
    const byEnd = await get(`/chat/ban-history?username=${name}&page=1&pageSize=10&sort=banEnd&dir=asc`);
    const ends = byEnd.body.items.map((p: { banEnd: string | null }) => p.banEnd);
    expect(ends[2]).toBeNull();
    expect(Date.parse(ends[0])).toBeLessThanOrEqual(Date.parse(ends[1]));
    expect(Array.isArray((await get(`/chat/ban-history?username=${name}`)).body)).toBe(true);
  });

  it('when paging or sorting parameters are bad, then 400 with a message naming the field', async () => {
    const bad = [
      `/chat/chat-log?username=${adminName}&page=0`,
      `/chat/chat-log?username=${adminName}&page=abc`,
      `/chat/chat-log?username=${adminName}&pageSize=15`,
      `/chat/chat-log?username=${adminName}&pageSize=1000`,
      `/chat/chat-log?username=${adminName}&sort=raw`,
      `/chat/chat-log?username=${adminName}&dir=up`,
      '/chat/banned-users?sort=banEnd',
      '/chat/banned-users?page=-1',
      `/chat/ban-history?username=${adminName}&sort=username`,
      `/chat/ban-history?username=${adminName}&pageSize=7`,
    ];
    for (const path of bad) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 400]);
      expect(res.body.message).toMatch(/page|pageSize|sort|dir/);
    }
  });
});
