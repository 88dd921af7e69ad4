import { screen, within } from '@testing-library/react';
import { fakeResponse } from '@/test/fake-fetch';

type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit]>;
type Answer = unknown | ((init: RequestInit, url: string) => unknown);

/**
 * Answers the fake fetch by 'METHOD /api/path' (or just '/api/path' for GET), like the BFF would;
 * anything else is a 404 with a message. A function answer sees the request and may return a
 * fakeResponse itself (for failures).
 */
export function serve(fetchMock: FetchMock, routes: Record<string, Answer>) {
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    const path = url.split('?')[0] ?? '';
    const method = init?.method ?? 'GET';
    const answer = routes[`${method} ${path}`] ?? (method === 'GET' ? routes[path] : undefined);
    if (answer === undefined) return fakeResponse({ status: 404, body: { message: `no ${method} ${path}` } });
    const body = typeof answer === 'function' ? (answer as (i: RequestInit, u: string) => unknown)(init, url) : answer;
    if (body && typeof body === 'object' && 'headers' in body && 'ok' in body) return body as Response;
    return fakeResponse({ body });
  });
}

/** The calls made, as 'METHOD /api/path?query'. */
export function calls(fetchMock: FetchMock): string[] {
  return fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
}

/** The JSON bodies sent to one 'METHOD /api/path'. */
export function bodiesSent(fetchMock: FetchMock, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url.split('?')[0]}` === key)
    .map(([, init]) => JSON.parse(String(init.body)));
}

export function main() {
  // hidden: the Error modal marks the page aria-hidden while it is open.
  return within(screen.getByRole('main', { hidden: true }));
}

export function challenge(
  seasonChallengeId: number,
  challengeName: string,
  categoryName: string,
  extra: Partial<{
    maxLevel: number;
    pointValue: number;
    difficulties: string;
    displayOrder: number;
    challengeTypeId: number;
    challengeCategoryId: number;
  }> = {},
) {
  const categoryIds: Record<string, number> = {
    Campaign: 1,
    Bosses: 2,
    'Shattered Realm': 3,
    Crucible: 4,
    Collections: 5,
    Tiebreakers: 6,
  };
  return {
    seasonChallengeId,
    seasonId: 19,
    challengeName,
    questTag: null,
    difficulties: 'Ultimate',
    maxLevel: 100,
    challengeCategoryId: categoryIds[categoryName] ?? 9,
    categoryName,
    challengeTypeId: 1,
    scalingThreshold: null,
    pointValue: 10,
    displayOrder: seasonChallengeId,
    ...extra,
  };
}

/** The table row holding a text (faster than a row query by accessible name). */
export function rowOf(text: RegExp): HTMLElement {
  const cell = main().getByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row as HTMLElement;
}
