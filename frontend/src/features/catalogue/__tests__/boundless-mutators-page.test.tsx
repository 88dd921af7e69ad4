import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BASE_CLASSES } from '@league/contracts/catalogue-constants';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { NO_MUTATORS_TEXT } from '../components/boundless-mutators-page';

const fetchMock = installFetchMock();

function main() {
  return within(screen.getByRole('main', { hidden: true }));
}

const mutator = (cls: string, name: string, difficulty: string, lines: string[]) => ({
  class: cls,
  name,
  difficulty,
  modifiers: lines.map((statDisplay) => ({ statDisplay })),
});

const mutators = [
  mutator('Soldier', 'Iron Will', 'Normal', ['{+10%} Physical Resistance']),
  mutator('Soldier', 'Iron Will', 'Elite', ['{+20%} Physical Resistance']),
  mutator('Soldier', 'Iron Will', 'Ultimate', ['{+30%} Physical Resistance while [Blitz] is active']),
  mutator('Oathkeeper', 'Sacred Flame', 'Normal', ['{+5%} Fire Damage']),
];

describe('boundless mutators page', () => {
  it('when mutators load, then the page is titled Season 4 with nine class columns in order', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: mutators }));
    renderApp('/boundless-mutators');

    expect(main().getByRole('heading', { level: 1, name: 'Season 4' })).toBeInTheDocument();
    const soldier = await main().findByRole('region', { name: 'Soldier' });
    const columns = BASE_CLASSES.map((cls) => main().getByRole('region', { name: cls }));
    expect(columns).toHaveLength(9);
    expect(within(soldier).getByText('Iron Will')).toBeInTheDocument();
    expect(
      within(soldier)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Normal', 'Elite', 'Ultimate']);
    expect(within(main().getByRole('region', { name: 'Shaman' })).getByText('None yet.')).toBeInTheDocument();
  });

  it('when Ultimate is clicked, then a modal shows that difficulty with {} and [] highlighted, and Close shuts it', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(fakeResponse({ body: mutators }));
    renderApp('/boundless-mutators');

    await user.click(await main().findByRole('button', { name: 'Iron Will: Ultimate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Iron Will (Ultimate)' });
    const line = within(dialog).getByRole('listitem');
    expect(line.querySelector('strong')).toHaveTextContent('+30%');
    expect(line.querySelector('em')).toHaveTextContent('Blitz');
    expect(dialog).not.toHaveTextContent('{');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await screen.findByRole('heading', { level: 1, name: 'Season 4' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when there are no mutators, then the empty state shows', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: [] }));
    renderApp('/boundless-mutators');

    expect(await main().findByText(NO_MUTATORS_TEXT)).toBeInTheDocument();
  });

  it('when the mutators cannot be loaded, then the error shows on the page', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 503, body: 'Try later' }));
    renderApp('/boundless-mutators');

    expect(await main().findByText('Try later')).toBeInTheDocument();
  });
});
