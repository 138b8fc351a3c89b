// Test support: a fetch that records every answer, and one that replays recorded answers in order,
// so each check can be run again, offline, on what the reference server said (and on altered copies).

export interface Recorded {
  method: string;
  path: string;
  status: number;
  contentType: string;
  /** base64 of the body bytes. */
  body: string;
  /** The headers a client acts on (redirects, cookies, caching), when present. */
  location?: string;
  setCookie?: string[];
  cacheControl?: string;
  /** The challenge of a 401 (RFC 6749 §5.2 asks for one when the client authenticated by Basic). */
  wwwAuthenticate?: string;
}

const pathOf = (input: unknown) => {
  const url = new URL(
    typeof input === 'string' ? input : input instanceof URL ? input.href : (input as Request).url,
  );
  return `${url.pathname}${url.search}`;
};

export function recordingFetch(original: typeof fetch, log: Recorded[]): typeof fetch {
  return async (input, init) => {
    const response = await original(input, init);
    const bytes = Buffer.from(await response.arrayBuffer());
    log.push({
      method: init?.method ?? 'GET',
      path: pathOf(input),
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: bytes.toString('base64'),
      ...(response.headers.get('location') ? { location: response.headers.get('location') as string } : {}),
      ...(response.headers.getSetCookie().length > 0 ? { setCookie: response.headers.getSetCookie() } : {}),
      ...(response.headers.get('cache-control')
        ? { cacheControl: response.headers.get('cache-control') as string }
        : {}),
      ...(response.headers.get('www-authenticate')
        ? { wwwAuthenticate: response.headers.get('www-authenticate') as string }
        : {}),
    });
    return new Response(response.status === 204 ? null : bytes, {
      status: response.status,
      headers: response.headers,
    });
  };
}

/** Replays `answers` in order; a request out of order (another method or route) fails loudly. */
export function replayingFetch(answers: readonly Recorded[]): typeof fetch {
  const queue = [...answers];
  return async (input, init) => {
    const next = queue.shift();
    const method = init?.method ?? 'GET';
    const path = pathOf(input).split('?')[0];
    if (!next) return Response.json({ success: true });
    if (next.method !== method || next.path.split('?')[0] !== path) {
      throw new Error(`replay: expected ${next.method} ${next.path}, got ${method} ${path}`);
    }
    const headers = new Headers({ 'content-type': next.contentType });
    if (next.location) headers.set('location', next.location);
    for (const cookie of next.setCookie ?? []) headers.append('set-cookie', cookie);
    if (next.cacheControl) headers.set('cache-control', next.cacheControl);
    if (next.wwwAuthenticate) headers.set('www-authenticate', next.wwwAuthenticate);
    return new Response(next.status === 204 ? null : Buffer.from(next.body, 'base64'), {
      status: next.status,
      headers,
    });
  };
}

export const jsonOf = (answer: Recorded): Record<string, unknown> =>
  JSON.parse(Buffer.from(answer.body, 'base64').toString('utf8')) as Record<string, unknown>;

export const withJson = (answer: Recorded, body: unknown): Recorded => ({
  ...answer,
  body: Buffer.from(JSON.stringify(body)).toString('base64'),
});
