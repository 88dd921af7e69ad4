import { callJson } from '@league/platform/testing';
import { start, type SeasonService } from '../src/server';
import { item, player, SWORD, upload } from './stash.support';
import { bootSeason, unique, type Harness } from './support/season';

jest.setTimeout(120_000);

interface Challenge {
  seasonChallengeId: number;
  challengeName: string;
}
interface Ladder {
  seasonId: number;
  seasonChallenges: Challenge[];
  seasonParticipants: Array<{ seasonParticipantId: number; username: string }>;
}

/**
 * The season views (challenges, participants) are cached per season version in each instance, the
 * public catalogue per catalogue token, a stash list per participant token. Two instances on one database: a change made through either is
 * seen by the next read of both, with no wait.
 */
describe('season view and catalogue caches across two instances', () => {
  let h: Harness;
  let other: SeasonService;
  let admin: string;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const read = async (url: string, path: string): Promise<any> => {
    const res = await callJson(url, 'GET', path);
    expect(res.status).toBe(200);
    return res.body;
  };
  const latest = (url: string): Promise<Ladder[]> =>
    read(url, '/season/latest?includeChallenges=true&includeParticipants=true');
  const both = () => [h.svc.url, other.url];

  beforeAll(async () => {
    // No demo participants: a challenge edit then re-projects no standings (fewer events on the shared topics).
    h = await bootSeason({ season7StartsNow: true, participantsPerLadder: 0 });
    other = await start(h.env);
    admin = await h.token(unique('admin'), ['admin']);
  });

  afterAll(async () => {
    await other?.stop();
    await h?.stop();
  });

  it('when a player joins through one instance, then the other lists them at once', async () => {
    for (const url of both()) await latest(url); // both caches warm
    const name = unique('joiner');
    const joined = await h.call('POST', '/season/add-participant/18', { token: await h.token(name) });
    expect(joined.status).toBe(200);
    for (const url of both()) {
      const ladder = (await latest(url)).find((s) => s.seasonId === 18)!;
      expect(ladder.seasonParticipants.map((p) => p.username)).toContain(name);
    }
  });

  it("when a player joins through one instance, then the other's leaderboard shows them within its recheck, under a new ETag", async () => {
    const leaderboard = async (url: string) => {
      const res = await callJson(url, 'GET', '/season/18/leaderboard');
      expect(res.status).toBe(200);
      const rows = (res.body as { leaderboardEntries: Array<{ username: string }> }).leaderboardEntries;
      return { names: rows.map((r) => r.username), etag: String(res.headers.get('etag')) };
    };
    const before = await leaderboard(other.url); // the other's ladder cached
    const name = unique('ranked');
    const joined = await h.call('POST', '/season/add-participant/18', { token: await h.token(name) });
    expect(joined.status).toBe(200);
    // The other instance changed nothing itself: it sees the season's new ladder token when it checks again.
    const deadline = Date.now() + 5_000;
    let after = await leaderboard(other.url);
    while (!after.names.includes(name) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      after = await leaderboard(other.url);
    }
    expect(after.names).toContain(name);
    expect(after.etag).not.toBe(before.etag);
  });

  it('when an admin edits, reorders and deletes a challenge through one instance, then every view of both shows it at once', async () => {
    for (const url of both()) {
      await read(url, '/season/18');
      await read(url, '/season/mod/GrimLeagueS07');
    }
    const [first] = ((await read(other.url, '/season/18')) as Ladder).seasonChallenges;
    const got = await callJson(other.url, 'GET', `/admin/season-challenge/${first!.seasonChallengeId}`, {
      token: admin,
    });
    expect(got.status).toBe(200);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const body = got.body as any;
    const renamed = `Renamed ${unique('c')}`;
    const saved = await callJson(other.url, 'POST', '/admin/season-challenge', {
      token: admin,
      body: {
        seasonChallengeId: body.seasonChallengeId,
        seasonId: 18,
        challengeName: renamed,
        questTag: body.questTag,
        difficulties: body.difficulties,
        maxLevel: body.maxLevel,
        challengeCategoryId: body.challengeCategoryId,
        challengeTypeId: body.challengeTypeId,
        scalingThreshold: body.scalingThreshold,
        pointValue: body.pointValue,
      },
    });
    expect(saved.status).toBe(200);
    const named = (c: Challenge[]) => c.find((x) => x.seasonChallengeId === first!.seasonChallengeId)?.challengeName;
    for (const url of both()) {
      expect(named(((await read(url, '/season/18')) as Ladder).seasonChallenges)).toBe(renamed);
      const mod = (await read(url, '/season/mod/GrimLeagueS07')) as Ladder[];
      expect(named(mod.find((s) => s.seasonId === 18)!.seasonChallenges)).toBe(renamed);
      expect(named((await latest(url)).find((s) => s.seasonId === 18)!.seasonChallenges)).toBe(renamed);
    }

    const ids = ((await read(h.svc.url, '/season/18')) as Ladder).seasonChallenges.map((c) => c.seasonChallengeId);
    const reversed = [...ids].reverse().map((seasonChallengeId, i) => ({ seasonChallengeId, displayOrder: i + 1 }));
    const ordered = await h.call('POST', '/admin/season-challenges/display-order', { token: admin, body: reversed });
    expect(ordered.status).toBe(200);
    for (const url of both()) {
      const shown = ((await read(url, '/season/18')) as Ladder).seasonChallenges.map((c) => c.seasonChallengeId);
      expect(shown).toEqual([...ids].reverse());
    }

    const deleted = await h.call('DELETE', `/admin/season-challenge/${first!.seasonChallengeId}`, { token: admin });
    expect(deleted.status).toBe(200);
    for (const url of both()) {
      const shown = ((await read(url, '/season/18')) as Ladder).seasonChallenges.map((c) => c.seasonChallengeId);
      expect(shown).not.toContain(first!.seasonChallengeId);
      expect(shown).toHaveLength(ids.length - 1);
    }
  });

  it('when an admin edits an item and its nodes through one instance, then both show the edit on the public reads at once', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const send = async (url: string, method: string, path: string, body: unknown): Promise<any> => {
      const res = await callJson(url, method, path, { token: admin, body });
      expect(res.status).toBe(200);
      return res.body;
    };
    const item = await send(h.svc.url, 'POST', '/admin/item', { itemId: 0, name: `Cached ${unique('i')}` });
    const pageOf = async (url: string) =>
      ((await read(url, '/season/items?page=1&pageSize=100')).items as Array<{ itemId: number; name: string }>).find(
        (i) => i.itemId === item.itemId,
      );
    for (const url of both()) {
      expect((await read(url, `/season/item/${item.itemId}`)).name).toBe(item.name);
      expect((await pageOf(url))?.name).toBe(item.name);
    }
    const renamed = `Renamed ${unique('i')}`;
    await send(other.url, 'POST', '/admin/item', { itemId: item.itemId, name: renamed });
    const node = await send(h.svc.url, 'POST', '/admin/node', {
      itemId: item.itemId,
      nodeTypeId: 2,
      rawHtml: '{+20%} Fire Damage',
    });
    for (const url of both()) {
      const shown = await read(url, `/season/item/${item.itemId}`);
      expect(shown.name).toBe(renamed);
      expect(shown.nodes.map((n: { nodeId: number }) => n.nodeId)).toEqual([node.nodeId]);
      expect((await pageOf(url))?.name).toBe(renamed);
    }
    await send(other.url, 'POST', '/admin/item', { itemId: item.itemId, active: false });
    for (const url of both()) {
      expect((await callJson(url, 'GET', `/season/item/${item.itemId}`)).status).toBe(404);
      expect(await pageOf(url)).toBeUndefined();
    }
  });

  it("when a player's stash changes through one instance, then the other lists it at once", async () => {
    const p = await player(h);
    const list = async (url: string, transfer = false) => {
      const res = await callJson(url, 'GET', `/season/participant/${p.id}/stash?transfer=${transfer}&pageSize=50`, {
        token: p.token,
      });
      expect(res.status).toBe(200);
      return res.body as { items: Array<{ participantItemId: number }>; itemCount: number };
    };
    for (const url of both()) expect((await list(url)).itemCount).toBe(0);
    expect((await upload(h, p, [item(SWORD), item(SWORD)])).status).toBe(200);
    for (const url of both()) expect((await list(url)).itemCount).toBe(2);
    const [first] = (await list(other.url)).items;
    const queued = await callJson(
      other.url,
      'POST',
      `/season/participant/${p.id}/toggle-transfer/${first!.participantItemId}?branch=prod`,
      { token: p.token },
    );
    expect(queued.status).toBe(200);
    for (const url of both()) {
      expect((await list(url)).itemCount).toBe(1);
      expect((await list(url, true)).items.map((i) => i.participantItemId)).toEqual([first!.participantItemId]);
    }
  });
});
