import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '@/app/theme';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { ItemName } from '../components/item-name';
import { stashItem } from './trade-fixtures';

const fetchMock = installFetchMock();

const display = (id: number, name: string) => {
  const item = stashItem(id, name);
  return { baseItem: item.baseItem, prefix: null, suffix: null, itemType: 'Sword' };
};

function renderName(id: number, name: string) {
  fetchMock.mockImplementation(async (url: string) =>
    url.includes(`/stash-item/${id}/stats`)
      ? fakeResponse({
          body: {
            itemDisplay: display(id, name),
            statDetail: { itemStatLines: [{ statDisplay: `+${id} Physique`, statTypeId: 1 }], completionStatLines: [] },
          },
        })
      : fakeResponse({ status: 404, body: { message: 'no' } }),
  );
  return render(
    <ThemeProvider theme={theme}>
      <ItemName display={display(id, name)} itemId={id} stackCount={3} />
    </ThemeProvider>,
  );
}

describe('an item name with its tooltip', () => {
  it('when the name is only shown, then no tooltip is built and no stats are asked for', () => {
    renderName(7, 'Blade of Ruin');
    expect(screen.getByText('Blade of Ruin')).toBeInTheDocument();
    expect(screen.getByText('×3')).toBeInTheDocument();
    expect(screen.queryByRole('tooltip')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when the name is hovered, then the tooltip opens with the stat lines fetched once, and closes on leaving', async () => {
    const user = userEvent.setup();
    renderName(8, 'Aether Potion');
    await user.hover(screen.getByText('Aether Potion'));
    expect(await screen.findByText('+8 Physique')).toBeInTheDocument();
    expect(screen.getByTestId('item-tooltip')).toBeInTheDocument();
    // The row's name comes first; the open tooltip (a portal at the end of the page) names the item too.
    fireEvent.mouseLeave(screen.getAllByText('Aether Potion')[0]!.parentElement!);
    await waitFor(() => expect(screen.queryByTestId('item-tooltip')).toBeNull());
    expect(fetchMock.mock.calls.filter(([url]) => url.includes('/stats'))).toHaveLength(1);
  });

  it('when the name is reached with the keyboard, then it keeps the focus and its tooltip opens', async () => {
    const user = userEvent.setup();
    renderName(9, 'Listed Shield');
    await user.tab();
    const focused = () => document.activeElement as HTMLElement;
    await waitFor(() => expect(focused().textContent).toBe('Listed Shield×3'));
    expect(await screen.findByText('+9 Physique')).toBeInTheDocument();
    expect(focused().textContent).toBe('Listed Shield×3');
    await act(async () => focused().blur());
    await waitFor(() => expect(screen.queryByTestId('item-tooltip')).toBeNull());
  });
});
