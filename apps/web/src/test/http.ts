// A test adapter for the app's HTTP client (lib/http.ts): answers each request from a handler
// instead of the network and records what was sent. 'network-error' stands for no answer at all.
import type { AdapterRequest, HttpAdapter } from '@/lib/http';

export interface FakeAnswer {
  status: number;
  data?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: RecordedRequest) => FakeAnswer | 'network-error' | Promise<FakeAnswer | 'network-error'>;

export interface RecordedRequest {
  method: string;
  url: string;
  /** Read case-insensitively: `headers.get('Authorization')`. */
  headers: Headers;
  data: unknown;
  config: AdapterRequest;
}

export function fakeAdapter(handler: Handler): { adapter: HttpAdapter; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const adapter: HttpAdapter = async (config) => {
    const req: RecordedRequest = {
      method: config.method.toUpperCase(),
      url: config.url,
      headers: config.headerMap,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      config,
    };
    requests.push(req);
    const answer = await handler(req);
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return { status: answer.status, data: answer.data ?? {}, headers: answer.headers ?? {} };
  };
  return { adapter, requests };
}

export const tokens = (n: number) => ({ access_token: `access-${n}`, refresh_token: `refresh-${n}`, token_type: 'bearer', expires_in: 900 });
