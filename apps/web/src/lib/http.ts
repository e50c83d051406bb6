// A small HTTP client on the browser's fetch, with the part of axios' shape the app uses
// (`get/post/put/patch/delete` answering `{ data, status, headers }`, `params`, `responseType:
// 'blob'`, a timeout, errors carrying the answer as `error.response`), so the first page load does
// not carry a general-purpose library (docs/decisions/0025-fetch-client-instead-of-axios.md).
// Statuses outside 2xx reject with an `HttpError`; so do a lost connection, a timeout and a cancel.

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestConfig {
  url?: string;
  method?: Method;
  /** Query string values; `undefined` and `null` are left out. */
  params?: object;
  /** A plain value is sent as JSON; FormData, Blob, ArrayBuffer, URLSearchParams and strings as they are. */
  data?: unknown;
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob';
  timeout?: number;
  signal?: AbortSignal;
  /**
   * The caller shows this error itself: `true` for every status, or the statuses to keep quiet
   * about (e.g. `[400, 401]` for a form that prints the server's detail).
   */
  skipErrorToast?: boolean | readonly number[];
  /** Do not try a token refresh on 401 (the auth endpoints themselves). */
  skipAuthRefresh?: boolean;
  /** Internal: this request is already the retry after a refresh. */
  _retried?: boolean;
}

/** What an adapter is given: the config with the final headers. */
export interface AdapterRequest extends RequestConfig {
  url: string;
  method: Method;
  baseURL: string;
  timeout: number;
  headers: Record<string, string>;
  /** The same headers, read case-insensitively. */
  headerMap: Headers;
}

/** What an adapter answers, whatever the status: the client decides what is an error. */
export interface AdapterAnswer {
  status: number;
  data: unknown;
  headers?: Record<string, string>;
}

/** Sends one request; throws only when there is no answer at all. */
export type HttpAdapter = (request: AdapterRequest) => Promise<AdapterAnswer>;

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  config: AdapterRequest;
}

export type HttpErrorCode = 'ERR_BAD_REQUEST' | 'ERR_BAD_RESPONSE' | 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_CANCELED';

export class HttpError<T = unknown> extends Error {
  readonly isHttpError = true;
  constructor(
    message: string,
    readonly code: HttpErrorCode,
    readonly config: AdapterRequest | undefined,
    /** The server's answer; absent when none came (network, timeout, cancel). */
    readonly response?: HttpResponse<T>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export function isHttpError<T = unknown>(error: unknown): error is HttpError<T> {
  return typeof error === 'object' && error !== null && (error as { isHttpError?: unknown }).isHttpError === true;
}

export interface HttpDefaults {
  baseURL: string;
  timeout: number;
  headers: Record<string, string>;
  adapter?: HttpAdapter;
}

function withParams(url: string, params: RequestConfig['params']): string {
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) query.append(key, String(item));
  }
  const text = query.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

const passThrough = (data: unknown) =>
  typeof data === 'string' || data instanceof FormData || data instanceof Blob || data instanceof ArrayBuffer || data instanceof URLSearchParams;

function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    headers[key.toLowerCase()] = value;
  });
  return headers;
}

/** The network adapter: fetch with cookies, a timeout and the caller's abort signal. */
export const fetchAdapter: HttpAdapter = async (request) => {
  const headers = { ...request.headers };
  let body: BodyInit | undefined;
  if (request.data !== undefined) {
    if (passThrough(request.data)) body = request.data as BodyInit;
    else {
      body = JSON.stringify(request.data);
      headers['Content-Type'] ??= 'application/json';
    }
  }
  const signals = [AbortSignal.timeout(request.timeout), ...(request.signal ? [request.signal] : [])];
  const response = await fetch(withParams(`${request.baseURL}${request.url}`, request.params), {
    method: request.method.toUpperCase(),
    headers,
    body,
    credentials: 'include',
    signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
  });
  let data: unknown;
  if (request.responseType === 'blob' && response.ok) data = await response.blob();
  else {
    const text = await response.text();
    try {
      data = text ? JSON.parse(text) : '';
    } catch {
      data = text;
    }
  }
  return { status: response.status, data, headers: headersOf(response) };
};

export interface HttpClient {
  defaults: HttpDefaults;
  request<T = unknown>(config: RequestConfig & { url: string }): Promise<HttpResponse<T>>;
  get<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  delete<T = unknown>(url: string, config?: RequestConfig): Promise<HttpResponse<T>>;
  post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  put<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
  patch<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<HttpResponse<T>>;
}

export interface HttpHooks {
  /** Adds headers just before each request is sent (the bearer token, the CSRF header). */
  beforeRequest?: (headers: Record<string, string>, config: RequestConfig) => void;
  /** Sees every failed request; returns a replacement answer or rethrows. */
  onError?: (error: HttpError, client: HttpClient) => Promise<HttpResponse<unknown>>;
}

export function createHttpClient(defaults: HttpDefaults, hooks: HttpHooks = {}): HttpClient {
  async function send<T>(config: RequestConfig & { url: string }): Promise<HttpResponse<T>> {
    const headers: Record<string, string> = { ...defaults.headers, ...config.headers };
    hooks.beforeRequest?.(headers, config);
    const request: AdapterRequest = {
      ...config,
      method: config.method ?? 'get',
      baseURL: defaults.baseURL,
      timeout: config.timeout ?? defaults.timeout,
      headers,
      headerMap: new Headers(headers),
    };
    let answer: AdapterAnswer;
    try {
      answer = await (defaults.adapter ?? fetchAdapter)(request);
    } catch (cause) {
      const name = (cause as { name?: string } | null)?.name;
      if (name === 'TimeoutError') throw new HttpError(`timeout of ${request.timeout}ms exceeded`, 'ECONNABORTED', request);
      if (name === 'AbortError') throw new HttpError('canceled', 'ERR_CANCELED', request);
      throw new HttpError('Network Error', 'ERR_NETWORK', request);
    }
    const response: HttpResponse<T> = { data: answer.data as T, status: answer.status, headers: answer.headers ?? {}, config: request };
    if (answer.status >= 200 && answer.status < 300) return response;
    const code = answer.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST';
    throw new HttpError(`Request failed with status code ${answer.status}`, code, request, response);
  }

  const client: HttpClient = {
    defaults,
    async request<T>(config: RequestConfig & { url: string }) {
      try {
        return await send<T>(config);
      } catch (error) {
        if (!hooks.onError || !isHttpError(error)) throw error;
        return (await hooks.onError(error, client)) as HttpResponse<T>;
      }
    },
    get: (url, config) => client.request({ ...config, url, method: 'get' }),
    delete: (url, config) => client.request({ ...config, url, method: 'delete' }),
    post: (url, data, config) => client.request({ ...config, url, data, method: 'post' }),
    put: (url, data, config) => client.request({ ...config, url, data, method: 'put' }),
    patch: (url, data, config) => client.request({ ...config, url, data, method: 'patch' }),
  };
  return client;
}
