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
  /**
   * Reports the body's bytes sent so far, and their total (0 when unknown), while it goes up: the
   * request then goes through XMLHttpRequest (xhrAdapter), as fetch reports no upload progress.
   */
  onUploadProgress?: (sent: number, total: number) => void;
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

/** The request's body as sent (a plain value as JSON) and its headers. */
function bodyOf(request: AdapterRequest): { body: BodyInit | undefined; headers: Record<string, string> } {
  const headers = { ...request.headers };
  if (request.data === undefined) return { body: undefined, headers };
  if (passThrough(request.data)) return { body: request.data as BodyInit, headers };
  headers['Content-Type'] ??= 'application/json';
  return { body: JSON.stringify(request.data), headers };
}

/** An answer's text as JSON when it is, else as it is. */
function parsed(text: string): unknown {
  try {
    return text ? JSON.parse(text) : '';
  } catch {
    return text;
  }
}

/** The network adapter: fetch with cookies, a timeout and the caller's abort signal. */
export const fetchAdapter: HttpAdapter = async (request) => {
  const { body, headers } = bodyOf(request);
  const signals = [AbortSignal.timeout(request.timeout), ...(request.signal ? [request.signal] : [])];
  const response = await fetch(withParams(`${request.baseURL}${request.url}`, request.params), {
    method: request.method.toUpperCase(),
    headers,
    body,
    credentials: 'include',
    signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
  });
  const data = request.responseType === 'blob' && response.ok ? await response.blob() : parsed(await response.text());
  return { status: response.status, data, headers: headersOf(response) };
};

/**
 * The adapter of a request that reports its upload's progress (`onUploadProgress`): XMLHttpRequest,
 * with the same cookies, timeout, abort signal and errors as fetchAdapter; answers read as text (JSON).
 */
export const xhrAdapter: HttpAdapter = (request) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const { body, headers } = bodyOf(request);
    xhr.open(request.method.toUpperCase(), withParams(`${request.baseURL}${request.url}`, request.params));
    xhr.withCredentials = true;
    xhr.timeout = request.timeout;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => request.onUploadProgress?.(event.loaded, event.lengthComputable ? event.total : 0);
    xhr.onload = () => {
      const answerHeaders: Record<string, string> = {};
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) answerHeaders[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: xhr.status, data: parsed(xhr.responseText), headers: answerHeaders });
    };
    // The errors fetch throws, which the client turns into ERR_NETWORK, ECONNABORTED and ERR_CANCELED.
    xhr.onerror = () => reject(new TypeError('Network Error'));
    xhr.ontimeout = () => reject(new DOMException('timeout', 'TimeoutError'));
    xhr.onabort = () => reject(new DOMException('canceled', 'AbortError'));
    if (request.signal?.aborted) return reject(new DOMException('canceled', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((body as XMLHttpRequestBodyInit | undefined) ?? null);
  });

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
      answer = await (defaults.adapter ?? (config.onUploadProgress ? xhrAdapter : fetchAdapter))(request);
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
