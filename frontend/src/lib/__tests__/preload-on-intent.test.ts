import type { RouteObject } from 'react-router-dom';
import { preloadOnIntent } from '../preload-on-intent';

describe('preloadOnIntent', () => {
  const leaderboard = jest.fn(async () => ({}));
  const profile = jest.fn(async () => ({}));
  const routes: RouteObject[] = [
    {
      path: '/',
      children: [
        { index: true },
        { path: 'seasons/:seasonId/leaderboard', lazy: leaderboard },
        { path: 'profile/*', lazy: profile },
      ],
    },
  ];
  let stop: () => void;

  function link(href: string): HTMLAnchorElement {
    const a = document.createElement('a');
    a.setAttribute('href', href);
    a.append(document.createElement('span'));
    document.body.append(a);
    return a;
  }

  beforeEach(() => {
    leaderboard.mockClear();
    profile.mockClear();
    document.body.innerHTML = '';
    stop = preloadOnIntent(routes);
  });
  afterEach(() => stop());

  it('when the pointer comes over a link to a lazy page, then that page is loaded once, whatever its query', () => {
    const a = link('#/seasons/18/leaderboard?page=2');
    a.firstElementChild!.dispatchEvent(new Event('pointerover', { bubbles: true }));
    a.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(leaderboard).toHaveBeenCalledTimes(1);
    expect(profile).not.toHaveBeenCalled();
  });

  it('when a link gets the focus or a touch, then its page is loaded too', () => {
    link('#/profile/stash?st=1').dispatchEvent(new Event('focusin', { bubbles: true }));
    expect(profile).toHaveBeenCalledTimes(1);
    link('#/seasons/19/leaderboard').dispatchEvent(new Event('touchstart', { bubbles: true }));
    expect(leaderboard).toHaveBeenCalledTimes(1);
  });

  it('when nothing shows the visitor is about to open a page, then nothing is loaded', () => {
    link('https://discord.gg/league').dispatchEvent(new Event('pointerover', { bubbles: true }));
    link('#/').dispatchEvent(new Event('pointerover', { bubbles: true }));
    document.body.dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(leaderboard).not.toHaveBeenCalled();
    expect(profile).not.toHaveBeenCalled();
  });

  it('when it has stopped listening, then a hover loads nothing', () => {
    stop();
    link('#/seasons/18/leaderboard').dispatchEvent(new Event('pointerover', { bubbles: true }));
    expect(leaderboard).not.toHaveBeenCalled();
  });
});
