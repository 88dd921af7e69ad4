interface FakeResponseInit {
  status?: number;
  body?: unknown;
  contentType?: string;
}

/** The part of a fetch Response the API client reads; jsdom has no Response of its own. */
export function fakeResponse({ status = 200, body, contentType }: FakeResponseInit = {}): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  const type = contentType ?? (typeof body === 'string' ? 'text/plain' : 'application/json; charset=utf-8');
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? type : null) },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
    blob: async () => new Blob([text]),
    clone: () => fakeResponse({ status, body, contentType }),
  } as unknown as Response;
}

/** Replaces global fetch with a jest mock for the test file; reset before each test. */
export function installFetchMock() {
  const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
  beforeEach(() => {
    fetchMock.mockReset();
    globalThis.fetch = fetchMock as unknown as typeof fetch;
  });
  return fetchMock;
}
