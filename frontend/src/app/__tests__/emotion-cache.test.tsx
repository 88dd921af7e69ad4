import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import styled from '@emotion/styled';
import { render } from '@testing-library/react';
import { emotionCache, markStylesInserted } from '../emotion-cache';

/** The text of every rule emotion's sheet holds (inserted through the CSSOM, as in production). */
const sheetText = () =>
  emotionCache.sheet.tags.flatMap((tag) => [...(tag.sheet?.cssRules ?? [])].map((rule) => rule.cssText)).join('');

/** The emotion name of a style: what a prebuilt stylesheet's module marks (`css-<name>` is its class). */
function nameOf(Component: React.ComponentType) {
  const { container, unmount } = render(
    <CacheProvider value={createCache({ key: 'css' })}>
      <Component />
    </CacheProvider>,
  );
  const name = container.querySelector('[class^="css-"]')!.className.replace(/^css-/, '');
  unmount();
  return name;
}

describe('the app emotion cache', () => {
  afterEach(() => {
    delete (globalThis as { __leagueRuntimeStyles?: boolean }).__leagueRuntimeStyles;
  });

  it('when a style is not prebuilt, then its first render inserts its rules', () => {
    const Plain = styled.div({ color: 'rgb(1, 2, 3)' });
    render(
      <CacheProvider value={emotionCache}>
        <Plain />
      </CacheProvider>,
    );
    expect(sheetText()).toContain('rgb(1, 2, 3)');
  });

  it('when a style is marked as prebuilt, then rendering it inserts nothing and keeps its class name', () => {
    const Prebuilt = styled.div({ color: 'rgb(4, 5, 6)' });
    const name = nameOf(Prebuilt);
    markStylesInserted([name]);
    const { container } = render(
      <CacheProvider value={emotionCache}>
        <Prebuilt />
      </CacheProvider>,
    );
    expect(sheetText()).not.toContain('rgb(4, 5, 6)');
    expect(container.querySelector('div')).toHaveClass(`css-${name}`);
  });

  it('when the page asks for runtime styles, then marking changes nothing and the rules are inserted', () => {
    (globalThis as { __leagueRuntimeStyles?: boolean }).__leagueRuntimeStyles = true;
    const Runtime = styled.div({ color: 'rgb(7, 8, 9)' });
    markStylesInserted([nameOf(Runtime)]);
    render(
      <CacheProvider value={emotionCache}>
        <Runtime />
      </CacheProvider>,
    );
    expect(sheetText()).toContain('rgb(7, 8, 9)');
  });
});
