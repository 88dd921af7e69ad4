import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, installFetchMock } from '@/test/fake-fetch';
import { renderApp } from '@/test/render-app';
import { NO_SUPPORTERS_TEXT } from '../components/supporters-page';
import { NO_MOD_FILES_TEXT } from '../components/technical-faq-page';

const fetchMock = installFetchMock();

function main() {
  return within(screen.getByRole('main', { hidden: true }));
}

const urls = () => fetchMock.mock.calls.map(([url]) => url);

describe('supporters page', () => {
  it('when supporters exist, then their names are listed from the public supporters call', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: ['Anvil', 'Brimstone'] }));
    renderApp('/supporters');

    const list = await main().findByRole('list', { name: 'Supporters' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Anvil', 'Brimstone']);
    expect(urls()).toEqual(['/api/admin/supporters']);
  });

  it('when there are no supporters, then the empty state shows', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: [] }));
    renderApp('/supporters');

    expect(await main().findByText(NO_SUPPORTERS_TEXT)).toBeInTheDocument();
  });

  it('when the list cannot be loaded, then the error shows on the page', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 500, body: 'Account service down' }));
    renderApp('/supporters');

    expect(main().getByRole('status', { name: 'Loading supporters' })).toBeInTheDocument();
    expect(await main().findByText('Account service down')).toBeInTheDocument();
  });
});

const fileList = (fileName: string) => ({
  modFiles: [
    {
      fileName,
      modName: 'GrimLeagueS07',
      size: 2048,
      modifiedOn: '2025-01-01T00:00:00.000Z',
      downloadUrl: 'https://files.example/x',
    },
  ],
  launcherFile: {
    fileName: 'launcher.zip',
    version: '1.4.3',
    size: 10,
    modifiedOn: '2025-01-01T00:00:00.000Z',
    downloadUrl: 'https://files.example/l',
  },
});

describe('technical FAQ page', () => {
  beforeEach(() =>
    fetchMock.mockImplementation(async (url) => {
      if (url.startsWith('/api/file/filenames')) {
        const region = new URL(url, 'http://x').searchParams.get('region');
        return fakeResponse({ body: fileList(`GrimLeagueS07_${region}.arz`) });
      }
      if (url.startsWith('/api/file/launcher'))
        return fakeResponse({ body: { downloadUrl: 'https://de.example/launcher' } });
      if (url.startsWith('/api/file/')) return fakeResponse({ body: { downloadUrl: 'https://de.example/file' } });
      return fakeResponse({ status: 404, body: { message: 'nope' } });
    }),
  );

  it('when the page opens, then the seven region flags show with us chosen and the us mod files listed', async () => {
    renderApp('/technical-faq');

    const picker = main().getByRole('group', { name: 'Download region' });
    const flags = within(picker).getAllByRole('button');
    expect(flags.map((f) => f.getAttribute('aria-label'))).toEqual([
      'United States (us)',
      'Brazil (br)',
      'Germany (de)',
      'France (fr)',
      'Indonesia (id)',
      'Netherlands (nl)',
      'Singapore (sg)',
    ]);
    expect(within(picker).getByRole('button', { name: 'United States (us)' })).toHaveAttribute('aria-pressed', 'true');
    const table = await main().findByRole('table', { name: 'Mod files' });
    expect(within(table).getByText('GrimLeagueS07_us.arz')).toBeInTheDocument();
    expect(main().getByText('Launcher version 1.4.3')).toBeInTheDocument();
    expect(urls()).toContain('/api/file/filenames?v=v1&branch=prod&region=us');
    expect(main().getByRole('heading', { name: 'Troubleshooting' })).toBeInTheDocument();
  });

  it('when a flag is picked, then the files and downloads use that region', async () => {
    const user = userEvent.setup();
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    try {
      renderApp('/technical-faq');
      await main().findByRole('table', { name: 'Mod files' });

      await user.click(main().getByRole('button', { name: 'Germany (de)' }));
      expect(main().getByRole('button', { name: 'Germany (de)' })).toHaveAttribute('aria-pressed', 'true');
      const table = await main().findByRole('table', { name: 'Mod files' });
      expect(await within(table).findByText('GrimLeagueS07_de.arz')).toBeInTheDocument();

      await user.click(within(table).getByRole('button', { name: 'Download GrimLeagueS07_de.arz' }));
      await waitFor(() => expect(open).toHaveBeenCalledWith('https://de.example/file', '_blank', 'noopener'));
      expect(urls()).toContain('/api/file/GrimLeagueS07_de.arz?region=de&branch=prod');

      await user.click(main().getByRole('button', { name: 'Download Launcher' }));
      await waitFor(() => expect(open).toHaveBeenCalledWith('https://de.example/launcher', '_blank', 'noopener'));
      expect(urls()).toContain('/api/file/launcher?region=de&branch=prod');
    } finally {
      open.mockRestore();
    }
  }, 20_000);

  it('when no mod files are served, then the empty state shows', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ body: { modFiles: [], launcherFile: null } }));
    renderApp('/technical-faq');

    expect(await main().findByText(NO_MOD_FILES_TEXT)).toBeInTheDocument();
  });

  it('when the file list cannot be loaded, then the error shows on the page', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ status: 500, body: 'Files service down' }));
    renderApp('/technical-faq');

    expect(await main().findByText('Files service down')).toBeInTheDocument();
  });
});

describe('changelog page', () => {
  it('when the page opens, then it is titled Changelog and embeds the patch-notes PDF with a download fallback', () => {
    renderApp('/changelog');

    expect(main().getByRole('heading', { level: 1, name: 'Changelog' })).toBeInTheDocument();
    const embed = main().getByLabelText('Patch notes');
    expect(embed.tagName).toBe('OBJECT');
    expect(embed).toHaveAttribute('data', '/api/file/patch-notes');
    expect(embed).toHaveAttribute('type', 'application/pdf');
    expect(within(embed).getByRole('link', { name: /Download the patch notes/ })).toHaveAttribute(
      'href',
      '/api/file/patch-notes',
    );
  });
});
