import { moveQueryIntoHash } from '../router';

function fakeWindow(pathname: string, search: string, hash: string) {
  const replaceState = jest.fn();
  return {
    location: { pathname, search, hash } as Location,
    history: { state: null, replaceState } as unknown as History,
    replaceState,
  };
}

describe('moveQueryIntoHash', () => {
  it('when an OAuth return puts ?code= before the hash, then the query moves into the hash route', () => {
    const win = fakeWindow('/', '?code=abc', '#/');
    moveQueryIntoHash(win.location, win.history);
    expect(win.replaceState).toHaveBeenCalledWith(null, '', '/#/?code=abc');
  });

  it('when the hash route has its own query, then both are kept', () => {
    const win = fakeWindow('/app/', '?code=abc', '#/about?branch=beta');
    moveQueryIntoHash(win.location, win.history);
    expect(win.replaceState).toHaveBeenCalledWith(null, '', '/app/#/about?branch=beta&code=abc');
  });

  it('when there is no hash yet, then the query lands on the home route', () => {
    const win = fakeWindow('/', '?code=abc', '');
    moveQueryIntoHash(win.location, win.history);
    expect(win.replaceState).toHaveBeenCalledWith(null, '', '/#/?code=abc');
  });

  it('when there is no query before the hash, then the address is left alone', () => {
    const win = fakeWindow('/', '', '#/about?x=1');
    moveQueryIntoHash(win.location, win.history);
    expect(win.replaceState).not.toHaveBeenCalled();
  });
});
