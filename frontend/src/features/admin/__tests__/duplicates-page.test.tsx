import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SuspectedDuplicate } from '@league/contracts';
import { installFetchMock } from '@/test/fake-fetch';
import { renderApp, signIn } from '@/test/render-app';
import { calls, gridRows, gridTexts, paged, serve } from './admin-serve';

const fetchMock = installFetchMock();
jest.setTimeout(120_000);

const copy = (over: Partial<SuspectedDuplicate['heldCopy']>): SuspectedDuplicate['heldCopy'] => ({
  participantItemId: 1,
  seasonParticipantId: 7,
  holder: 'player2',
  uploadedBy: 'player2',
  arrivedAt: '2024-10-21T10:05:00.000Z',
  via: 'cloud-upload',
  location: 'stash',
  ...over,
});

const row = (i: number, over: Partial<SuspectedDuplicate> = {}): SuspectedDuplicate => ({
  participantItemId: 500 + i,
  seasonId: 18,
  seasonName: 'Season 7',
  instanceId: `18:${i}`,
  itemName: `Ring ${String(i).padStart(2, '0')}`,
  record: 'records/items/gearaccessories/rings/d009_ring.dbr',
  state: 'held',
  heldAt: `2024-10-21T10:${String(59 - i).padStart(2, '0')}:00.000Z`,
  heldCopy: copy({ participantItemId: 500 + i, via: 'shared-stash' }),
  firstCopies: [
    copy({
      participantItemId: 100 + i,
      holder: 'player3',
      uploadedBy: 'player1',
      arrivedAt: '2024-10-20T08:00:00.000Z',
      location: 'listed',
    }),
  ],
  trades:
    i === 1
      ? [
          {
            settlementId: 's-1',
            participantItemId: 101,
            from: 'player1',
            to: 'player3',
            settledAt: '2024-10-20T09:00:00.000Z',
          },
        ]
      : [],
  actions: [{ action: 'held', by: 'upload check', at: '2024-10-21T10:05:00.000Z' }],
  ...over,
});

function serveDuplicates(rows: SuspectedDuplicate[]) {
  serve(fetchMock, {
    '/api/admin/duplicates': (_init: RequestInit, url: string) =>
      paged(
        rows.filter(
          (r) => (new URL(url, 'http://site').searchParams.get('state') ?? 'held') === 'all' || r.state === 'held',
        ),
        url,
      ),
    'POST /api/admin/duplicates/501/release': () => {
      rows[0] = { ...rows[0]!, state: 'released' };
      return rows[0];
    },
    'POST /api/admin/duplicates/502/remove': () => {
      rows[1] = { ...rows[1]!, state: 'removed' };
      return rows[1];
    },
  });
}

const lastList = () =>
  calls(fetchMock)
    .filter((c) => c.startsWith('GET /api/admin/duplicates?'))
    .at(-1);

describe('admin Suspected Duplicates', () => {
  it('when the screen opens, then the server is asked for the first page of held copies, newest first, and each row shows both holders, the uploads and the trades', async () => {
    signIn('admin');
    serveDuplicates(Array.from({ length: 12 }, (_, i) => row(i + 1)));
    renderApp('/admin/duplicates');
    await screen.findByRole('heading', { level: 1, name: 'Suspected Duplicates' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Suspected Duplicates')).toHaveLength(10));
    expect(lastList()).toBe('GET /api/admin/duplicates?state=held&page=1&pageSize=10&sort=heldAt&dir=desc');
    expect(screen.getByText('1–10 of 12')).toBeInTheDocument();
    const first = gridTexts('Suspected Duplicates')[0]!;
    expect(first[0]).toBe('Ring 01Season 7');
    expect(first[1]).toContain('player2');
    expect(first[1]).toContain('via shared-stash upload');
    expect(first[1]).toContain('#501, in the cloud stash');
    expect(first[2]).toContain('player3');
    expect(first[2]).toContain('uploaded by player1');
    expect(first[2]).toContain('listed for trade');
    expect(first[3]).toContain('player1 → player3');
    expect(gridTexts('Suspected Duplicates')[1]![3]).toBe('Never traded');
  });

  it('when the admin releases one, then it is sent, confirmed on screen, and the list is asked again', async () => {
    signIn('admin');
    serveDuplicates(Array.from({ length: 3 }, (_, i) => row(i + 1)));
    renderApp('/admin/duplicates');
    await screen.findByRole('grid', { name: 'Suspected Duplicates' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Suspected Duplicates')).toHaveLength(3));
    const asked = calls(fetchMock).filter((c) => c.startsWith('GET /api/admin/duplicates')).length;
    await userEvent.click(screen.getByRole('button', { name: 'Release Ring 01 of player2' }));
    await screen.findByText('Ring 01 of player2 was released: it is a normal item again.');
    expect(calls(fetchMock)).toContain('POST /api/admin/duplicates/501/release');
    await waitFor(() => expect(gridTexts('Suspected Duplicates')).toHaveLength(2));
    expect(calls(fetchMock).filter((c) => c.startsWith('GET /api/admin/duplicates')).length).toBe(asked + 1);
  });

  it('when the admin removes one, then a confirmation names the holder first; Cancel sends nothing, Remove sends it', async () => {
    signIn('admin');
    serveDuplicates(Array.from({ length: 3 }, (_, i) => row(i + 1)));
    renderApp('/admin/duplicates');
    await screen.findByRole('grid', { name: 'Suspected Duplicates' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Suspected Duplicates')).toHaveLength(3));
    const rowOf = gridRows('Suspected Duplicates')[1]!;
    await userEvent.click(rowOf.getByRole('button', { name: 'Remove Ring 02 of player2' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove the held copy?' });
    expect(dialog).toHaveTextContent("leaves player2's cloud stash for good, and player2 gets a notification");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetchMock)).not.toContain('POST /api/admin/duplicates/502/remove');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ring 02 of player2' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove the held copy?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Ring 02 of player2 was removed; player2 is notified.');
    expect(calls(fetchMock)).toContain('POST /api/admin/duplicates/502/remove');
  });

  it('when the admin shows every review, then the server is asked for all states from the first page', async () => {
    signIn('admin');
    serveDuplicates([
      row(1),
      row(2, {
        state: 'released',
        actions: [row(2).actions[0]!, { action: 'released', by: 'admin', at: '2024-10-22T00:00:00.000Z' }],
      }),
    ]);
    renderApp('/admin/duplicates');
    await screen.findByRole('grid', { name: 'Suspected Duplicates' }, { timeout: 5000 });
    await waitFor(() => expect(gridTexts('Suspected Duplicates')).toHaveLength(1));
    await userEvent.click(screen.getByRole('combobox', { name: 'Show' }));
    await userEvent.click(screen.getByRole('option', { name: 'All' }));
    await waitFor(() =>
      expect(lastList()).toBe('GET /api/admin/duplicates?state=all&page=1&pageSize=10&sort=heldAt&dir=desc'),
    );
    await waitFor(() => expect(gridTexts('Suspected Duplicates')).toHaveLength(2));
    const released = gridTexts('Suspected Duplicates')[1]!;
    expect(released[5]).toContain('Released');
    expect(released[5]).toContain('by admin');
    expect(released[6]).toBe('');
  });
});
