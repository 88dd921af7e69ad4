import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';

// The suite shares two cores with the services' engine-backed tests: a lazy route chunk or a saga can take
// seconds to settle there, so findBy*/waitFor wait up to 10 s (a real miss still fails, only later).
configure({ asyncUtilTimeout: 10_000 });
// The files that render the whole app for each test set jest.setTimeout(60_000) (or 120 s for the admin
// grids): in fresh-clone runs, the first test of admin items and of the listing form went over 30 s.

afterEach(() => {
  cleanup();
  // Cookies are per-document and jsdom keeps one document per test file: start each test signed out.
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; path=/; Max-Age=0`;
  }
});
