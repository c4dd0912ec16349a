import { ORIGIN } from './shoppers';

/**
 * A JSON request over real HTTP to a listening server, as a browser or the admin's page sends it (a
 * body that is text goes as it is: a webhook's signed bytes): its status and its parsed answer, or
 * the answer's text as `message` when it is no JSON. No body (`undefined`) sends none.
 */
export async function overHttp<B>(
  base: string,
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: B }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), origin: ORIGIN, ...headers },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as B };
  } catch {
    return { status: res.status, body: { message: text } as B };
  }
}
