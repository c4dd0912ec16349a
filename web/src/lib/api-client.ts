import type { ErrorBody } from '@shared/catalogue.schemas';

/** An answer of the API that was not 2xx, with the server's message when it sent one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, body: Partial<ErrorBody> | null) {
    super(body?.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = body?.code ?? 'http_error';
    this.fields = body?.fields;
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

async function errorBody(res: Response): Promise<Partial<ErrorBody> | null> {
  try {
    const body: unknown = await res.json();
    return typeof body === 'object' && body !== null ? (body as Partial<ErrorBody>) : null;
  } catch {
    return null;
  }
}

export interface ApiClientOptions {
  /** headers every request carries (the admin's token) */
  headers?: () => Record<string, string>;
  /** called with every failed answer before it is thrown (the admin forgets an expired token) */
  onError?: (error: ApiError) => void;
}

/**
 * The one way the web app talks to the API: same-origin fetches that throw ApiError for any
 * non-2xx answer. The storefront uses the plain client below; the admin's adds its token.
 */
export function createApiClient(options: ApiClientOptions = {}) {
  async function request(path: string, init?: RequestInit): Promise<Response> {
    const res = await fetch(path, { ...init, headers: { Accept: 'application/json', ...options.headers?.(), ...init?.headers } });
    if (!res.ok) {
      const error = new ApiError(res.status, await errorBody(res));
      options.onError?.(error);
      throw error;
    }
    return res;
  }
  return {
    fetch: request,
    /**
     * The JSON answer of a GET. With a schema (a shared zod schema; the admin passes them, the
     * storefront does not load zod up front) the answer is checked against it instead of trusted.
     */
    async get<T>(path: string, signal?: AbortSignal, schema?: { parse: (value: unknown) => T }): Promise<T> {
      const res = await request(path, { signal });
      const body: unknown = await res.json();
      return schema ? schema.parse(body) : (body as T);
    },
    /** Sends a JSON body (none when undefined) and returns the JSON answer, or null for an empty one. */
    async send<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: object): Promise<T> {
      const res = await request(
        path,
        body === undefined ? { method } : { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
      );
      const text = await res.text();
      return (text ? JSON.parse(text) : null) as T;
    },
    /** Sends multipart form data and returns the JSON answer. */
    async sendForm<T>(method: 'POST' | 'PATCH', path: string, form: FormData): Promise<T> {
      const res = await request(path, { method, body: form });
      return (await res.json()) as T;
    },
  };
}

const shopperClient = createApiClient();

/** Fetches a same-origin API path and throws ApiError for any non-2xx answer. */
export const apiFetch = shopperClient.fetch;
export const apiGet = shopperClient.get;

/** Sends a JSON body (always an object, `{}` when none) and returns the JSON answer, or null for an empty one. */
export function apiSend<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body: object = {}): Promise<T> {
  return shopperClient.send<T>(method, path, body);
}

/** A query string from the defined values only: {q:'a', limit: 2, x: undefined} -> '?q=a&limit=2'. */
export function queryString(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
