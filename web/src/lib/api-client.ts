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

/** Fetches a same-origin API path and throws ApiError for any non-2xx answer. */
export async function apiFetch(path: string, init?: RequestInit): Promise<Response> {
  const res = await fetch(path, { ...init, headers: { Accept: 'application/json', ...init?.headers } });
  if (!res.ok) throw new ApiError(res.status, await errorBody(res));
  return res;
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  const res = await apiFetch(path, { signal });
  return (await res.json()) as T;
}

/** Sends a JSON body (always an object, `{}` when none) and returns the JSON answer, or null for an empty one. */
export async function apiSend<T>(method: 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body: object = {}): Promise<T> {
  const res = await apiFetch(path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
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
