import { readAuthToken } from './auth-cookie';
import { readCookie } from './cookies';
import { readLanguage } from './language';

/**
 * The one way the app talks to the API. It is the only place that adds the bearer and XSRF headers and
 * the reader's chosen language (Accept-Language: the services name game things by it), reports slow
 * requests (for the busy indicator) and failures (for the Error modal). The app wires those reports
 * to the store with configureApiClient, so this module knows nothing about Redux.
 */

export const API_BASE = '/api';
export const BUSY_DELAY_MS = 300;
export const GENERIC_ERROR_MESSAGE = 'Something went wrong. Please try again.';
export const NETWORK_ERROR_MESSAGE = 'The server could not be reached. Please check your connection and try again.';
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when no response arrived. */
    readonly status: number,
    /** The parsed JSON body, or the body text, of the failed response. */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface ApiClientHooks {
  /** A request has been in flight for BUSY_DELAY_MS. */
  requestSlowed(): void;
  /** A request that had slowed down has finished, successfully or not. */
  slowRequestSettled(): void;
  /** A request failed and the caller did not opt out of the global Error modal. */
  errorRaised(message: string): void;
  /** The API answered 401. */
  unauthorized(): void;
}

const silentHooks: ApiClientHooks = {
  requestSlowed: () => undefined,
  slowRequestSettled: () => undefined,
  errorRaised: () => undefined,
  unauthorized: () => undefined,
};

let hooks: ApiClientHooks = silentHooks;

export function configureApiClient(next: ApiClientHooks): () => void {
  hooks = next;
  return () => {
    if (hooks === next) hooks = silentHooks;
  };
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Entries whose value is null or undefined are left out. */
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; FormData, Blob and strings are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How to read a successful body; the default follows the response's content type. */
  responseType?: 'auto' | 'json' | 'text' | 'blob';
  /**
   * False when the caller shows the failure itself (login, register and reset show it below the
   * form). The error is thrown either way.
   */
  showError?: boolean;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

type HeaderMap = Record<string, string>;

function hasHeader(headers: HeaderMap, name: string): boolean {
  const lower = name.toLowerCase();
  return Object.keys(headers).some((key) => key.toLowerCase() === lower);
}

function buildHeaders(method: string, request: ApiRequest): HeaderMap {
  const headers: HeaderMap = { ...request.headers };
  if (!hasHeader(headers, 'Accept')) headers['Accept'] = 'application/json, text/plain, */*';

  const accessToken = readAuthToken()?.access_token;
  if (accessToken) headers['Authorization'] = `Bearer ${accessToken}`;

  // With Automatic (no choice) the browser's own Accept-Language goes.
  const language = readLanguage();
  if (language && !hasHeader(headers, 'Accept-Language')) headers['Accept-Language'] = language;

  if (method !== 'GET' && method !== 'HEAD') {
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
  }
  return headers;
}

function encodeBody(body: unknown, headers: HeaderMap): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string' || body instanceof FormData || body instanceof Blob) return body;
  if (body instanceof URLSearchParams) return body;
  if (!hasHeader(headers, 'Content-Type')) headers['Content-Type'] = 'application/json';
  return JSON.stringify(body);
}

async function readBody(response: Response, responseType: ApiRequest['responseType']): Promise<unknown> {
  if (responseType === 'blob') return response.blob();
  const text = await response.text();
  if (responseType === 'text') return text;
  const isJson = (response.headers.get('content-type') ?? '').includes('json');
  if (responseType === 'json' || isJson) {
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      if (responseType === 'json') throw new ApiError(GENERIC_ERROR_MESSAGE, response.status, text);
      return text;
    }
  }
  return text === '' ? undefined : text;
}

/** The message a failed response shows: `message` from `{ message }`, else the body text. */
export function errorMessageOf(body: unknown): string {
  if (typeof body === 'object' && body !== null) {
    const { message } = body as { message?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
    return GENERIC_ERROR_MESSAGE;
  }
  if (typeof body === 'string' && body.trim() !== '') return body;
  return GENERIC_ERROR_MESSAGE;
}

async function readErrorBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fail(error: ApiError, request: ApiRequest): never {
  if (error.status === 401) hooks.unauthorized();
  if (request.showError !== false) hooks.errorRaised(error.message);
  throw error;
}

/**
 * GETs started ahead of the code that needs them, by address: when (a stale one is not used), for whom (the
 * headers that say so: a response asked for before a sign-out or a change of language is not used after it),
 * and the JSON of a successful answer, read from a copy as soon as it arrives (`answered` once it has).
 */
interface EarlyGet {
  at: number;
  asker: string;
  response: Promise<Response>;
  answer: Promise<unknown>;
  answered?: { json: unknown };
}
const early = new Map<string, EarlyGet>();
const askerOf = (headers: HeaderMap) => `${headers['Authorization'] ?? ''}\n${headers['Accept-Language'] ?? ''}`;
// Long enough for a phone on a slow network to load the app's JavaScript; short enough that a response
// nobody took is not shown as the page's data later on.
export const EARLY_FOR_MS = 10_000;

/** An early GET the one asking now may use: not stale, and asked for with the same token and language. */
const usableBy = (pending: EarlyGet | undefined, headers: HeaderMap): pending is EarlyGet =>
  pending !== undefined && Date.now() - pending.at < EARLY_FOR_MS && pending.asker === askerOf(headers);

/** Starts a GET ahead (see prefetch), or nothing when the address is on its way already. */
function startEarly(url: string): EarlyGet | undefined {
  const pending = early.get(url);
  if (pending && Date.now() - pending.at < EARLY_FOR_MS) return undefined;
  const headers = buildHeaders('GET', {});
  const response = fetch(url, { method: 'GET', headers, credentials: 'same-origin' });
  // Copied before any request can take the response and read its body; a failure is the taker's to report.
  const answer = response
    .then((r) => (r.ok ? r.clone().json() : undefined))
    .then((json: unknown) => {
      if (json !== undefined) entry.answered = { json };
      return json;
    })
    .catch(() => undefined);
  const entry: EarlyGet = { at: Date.now(), asker: askerOf(headers), response, answer };
  early.set(url, entry);
  return entry;
}

/**
 * Starts a GET before the code that needs it has loaded (src/early.ts when the site opens, the router while
 * a screen's chunk downloads). The first plain GET of the same address within EARLY_FOR_MS takes its
 * response instead of asking again, and reads it like any other: failures reach the hooks then, once the
 * app is wired. Asking for an address already on its way does nothing.
 */
export function prefetch(path: string, query?: Record<string, QueryValue>): void {
  startEarly(apiUrl(path, query));
}

/**
 * prefetch, and the answer's JSON for the caller's own next step (the early requests that depend on it).
 * Undefined when the address was on its way already, or when it fails (the request that takes it reports
 * that).
 */
export async function prefetchAndRead<T>(path: string, query?: Record<string, QueryValue>): Promise<T | undefined> {
  return (await startEarly(apiUrl(path, query))?.answer) as T | undefined;
}

/**
 * The JSON of a GET started ahead that has answered successfully already, for the caller now (same rules as
 * the GET that takes it: within EARLY_FOR_MS, same token and language), without taking it: a screen's first
 * render shows it instead of a placeholder, and the screen's own GET then takes the response as usual
 * (no request). Undefined otherwise.
 */
export function earlyAnswer<T>(path: string, query?: Record<string, QueryValue>): T | undefined {
  const pending = early.get(apiUrl(path, query));
  return pending?.answered && usableBy(pending, buildHeaders('GET', {})) ? (pending.answered.json as T) : undefined;
}

function takeEarly(url: string, request: ApiRequest, headers: HeaderMap): Promise<Response> | undefined {
  if ((request.method ?? 'GET') !== 'GET' || request.headers || request.signal) return undefined;
  const pending = early.get(url);
  early.delete(url);
  return usableBy(pending, headers) ? pending.response : undefined;
}

export async function apiRequest<T = unknown>(path: string, request: ApiRequest = {}): Promise<T> {
  const method = request.method ?? 'GET';
  const url = apiUrl(path, request.query);
  const headers = buildHeaders(method, request);
  const init: RequestInit = {
    method,
    headers,
    body: encodeBody(request.body, headers),
    credentials: 'same-origin',
    signal: request.signal,
  };

  let slowed = false;
  const busyTimer = setTimeout(() => {
    slowed = true;
    hooks.requestSlowed();
  }, BUSY_DELAY_MS);

  try {
    let response: Response;
    try {
      response = await (takeEarly(url, request, headers) ?? fetch(url, init));
    } catch (cause) {
      // A request the caller aborted is not an error worth a modal.
      if (request.signal?.aborted) throw cause;
      fail(new ApiError(NETWORK_ERROR_MESSAGE, 0), request);
    }
    if (!response.ok) {
      const body = await readErrorBody(response);
      fail(new ApiError(errorMessageOf(body), response.status, body), request);
    }
    return (await readBody(response, request.responseType)) as T;
  } finally {
    clearTimeout(busyTimer);
    if (slowed) hooks.slowRequestSettled();
  }
}

type WithoutMethod = Omit<ApiRequest, 'method' | 'body'>;

export const apiClient = {
  get: <T>(path: string, request?: WithoutMethod) => apiRequest<T>(path, { ...request, method: 'GET' }),
  post: <T>(path: string, body?: unknown, request?: WithoutMethod) =>
    apiRequest<T>(path, { ...request, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, request?: WithoutMethod) =>
    apiRequest<T>(path, { ...request, method: 'PUT', body }),
  delete: <T>(path: string, request?: WithoutMethod) => apiRequest<T>(path, { ...request, method: 'DELETE' }),
};
