import fs from 'node:fs';
import path from 'node:path';
import { defaultItemSize, QUEUE_TAB, readStash, stashItemToLauncher, UPLOAD_TAB, writeStash } from '@league/gamefiles';
import { planSharedStash, type QueuedItem } from './shared-stash';

const file = fs.readFileSync(
  path.resolve(__dirname, '../../../packages/gamefiles/test/fixtures/gd/gd-cli/transfer.gst'),
);

describe('the shared-stash upload plan (pure)', () => {
  const stash = readStash(file);
  const tab6 = stash.tabs[UPLOAD_TAB]!.items.map(stashItemToLauncher);
  const queued: QueuedItem[] = [
    { ...tab6[0]!, itemSeed: 77, participantItemId: 501 },
    { ...tab6[1]!, itemSeed: 78, participantItemId: 502 },
  ];

  it('when the real stash is planned with two queued items, then tab 6 goes up in file order and both land in tab 5 without overlaps', () => {
    const plan = planSharedStash(stash, queued);
    expect(plan.uploaded).toEqual(tab6);
    expect(plan.uploaded.length).toBe(40);
    expect(plan.pull).toEqual([501, 502]);
    expect(plan.leftQueued).toEqual([]);
    const back = readStash(writeStash(plan.stash));
    expect(back.tabs[UPLOAD_TAB]!.items).toEqual([]);
    const tab5 = back.tabs[QUEUE_TAB]!.items;
    expect(tab5.length).toBe(stash.tabs[QUEUE_TAB]!.items.length + 2);
    const cells = new Set<string>();
    for (const it of tab5) {
      const s = defaultItemSize(it.baseName);
      for (let y = it.y; y < it.y + s.height; y++)
        for (let x = it.x; x < it.x + s.width; x++) {
          expect(cells.has(`${x},${y}`)).toBe(false);
          cells.add(`${x},${y}`);
        }
    }
    // The other tabs are untouched.
    for (const i of [0, 1, 2, 3]) expect(back.tabs[i]).toEqual(stash.tabs[i]);
  });

  it('when the stored result comes back with the items still queued, then they are pulled, not written twice', () => {
    const first = planSharedStash(stash, queued);
    const again = planSharedStash(readStash(writeStash(first.stash)), queued);
    expect(again.uploaded).toEqual([]);
    expect(again.changed).toBe(false);
    expect(again.pull).toEqual([501, 502]);
    expect(again.stash.tabs[QUEUE_TAB]!.items.length).toBe(first.stash.tabs[QUEUE_TAB]!.items.length);
  });

  it('when nothing is in tab 6 and nothing is queued, then the file is stored as it came', () => {
    const first = planSharedStash(stash, []);
    const plan = planSharedStash(first.stash, []);
    expect(plan).toMatchObject({ changed: false, uploaded: [], pull: [], leftQueued: [] });
  });
});
