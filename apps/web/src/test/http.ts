// A real axios adapter for tests: answers each request from a handler instead of the network,
// and settles like axios' own adapters (non-2xx rejects with an AxiosError carrying the response).
import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';

export interface FakeAnswer {
  status: number;
  data?: unknown;
}

export type Handler = (req: RecordedRequest) => FakeAnswer | 'network-error' | Promise<FakeAnswer | 'network-error'>;

export interface RecordedRequest {
  method: string;
  url: string;
  headers: AxiosHeaders;
  data: unknown;
  config: InternalAxiosRequestConfig;
}

export function fakeAdapter(handler: Handler): { adapter: AxiosAdapter; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const req: RecordedRequest = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      headers: AxiosHeaders.from(config.headers),
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      config,
    };
    requests.push(req);
    const answer = await handler(req);
    if (answer === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    const response: AxiosResponse = {
      data: answer.data ?? {},
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
      request: {},
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${answer.status}`, answer.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST, config, {}, response);
  };
  return { adapter, requests };
}

export const tokens = (n: number) => ({ access_token: `access-${n}`, refresh_token: `refresh-${n}`, token_type: 'bearer', expires_in: 900 });
