import { screen, within } from '@testing-library/react';
import { fakeResponse } from './fake-fetch';

export type FetchMock = jest.Mock<Promise<Response>, [string, RequestInit]>;
type Answer = unknown | ((init: RequestInit, url: string) => unknown);

/**
 * Answers the fake fetch by 'METHOD /api/path' (or just '/api/path' for GET), as the BFF would; anything
 * else is a 404 with a message. A function answer sees the request and may return a fakeResponse itself
 * (for failures).
 */
export function serve(fetchMock: FetchMock, routes: Record<string, Answer>) {
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    const path = url.split('?')[0] ?? '';
    const method = init?.method ?? 'GET';
    const answer = routes[`${method} ${path}`] ?? (method === 'GET' ? routes[path] : undefined);
    if (answer === undefined) return fakeResponse({ status: 404, body: { message: `no ${method} ${path}` } });
    const body = typeof answer === 'function' ? (answer as (i: RequestInit, u: string) => unknown)(init, url) : answer;
    if (body && typeof body === 'object' && 'headers' in body && 'ok' in body) return body as Response;
    // A function answer that returns nothing stands for an empty JSON object.
    return fakeResponse({ body: body ?? {} });
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
    .map(([, init]) => (init.body === undefined ? undefined : JSON.parse(String(init.body))));
}

/** The page's main landmark; hidden included, since an open dialog marks the page aria-hidden. */
export function main() {
  return within(screen.getByRole('main', { hidden: true }));
}
