// The one place answers come in, after mapErrors has turned refusals into Zapier's errors: a 2xx
// from the service's own roots is checked against the shape the schemas give its route before any
// step reads it. A deployment that breaks the interface (an HTML page where JSON belongs, an error
// body sent as 200, a missing or mistyped field) stops the step with a sentence that names what the
// service did wrong, instead of a step reading `undefined` or passing an empty result on.
import type { AfterResponseMiddleware, HttpResponse, ZObject } from 'zapier-platform-core';
import { shapeProblems } from './answer-shape.js';
import { ANSWER_SHAPES, DELIVERY_SHAPES } from './generated/answer-shapes.js';
import { serviceConfig, urls } from './service.client.js';

/** Code of every error raised for an answer that breaks the interface. */
export const BAD_ANSWER = 'bad_response';

/** What the Zap's owner can do: the deployment is at fault, not the Zap. */
const WHO_FIXES = (root: string) =>
  `This is a fault of the Parley deployment at ${root}, not of your Zap: send this message to its administrator.`;

/** The step's error for an answer that breaks the interface: what the service did, then who fixes it. */
export const badAnswer = (z: ZObject, what: string, root = serviceConfig().baseUrl) =>
  new z.errors.Error(`${what} ${WHO_FIXES(root)}`, BAD_ANSWER, 502);

/** A catalog path (`/meetings/:id`) against a request's: `:name` stands for one non-empty segment. */
const pathMatches = (pattern: string, path: string) => {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length && want.every((part, i) => (part.startsWith(':') ? !!got[i] : part === got[i]))
  );
};

/** The route an answer belongs to, by the request's method and URL (query left out). */
export function answerRoute(method: string, url: string) {
  const { baseUrl } = serviceConfig();
  const bare = url.split('?')[0] ?? '';
  return ANSWER_SHAPES.find((route) => {
    const root = route.partner ? urls.partner('') : baseUrl;
    return (
      route.method === method.toUpperCase() &&
      bare.startsWith(root) &&
      pathMatches(route.path, bare.slice(root.length))
    );
  });
}

/** The request as the Zap's owner can look it up: `GET /api/partner/me`. */
const routeWords = (method: string, url: string) =>
  `${method.toUpperCase()} ${URL.canParse(url) ? new URL(url).pathname : url}`;

/** Why an answer that is no JSON cannot be read, in words that say where to look. */
function notJson(content: string): string {
  const text = content.trim();
  if (!text) return 'an empty body instead of JSON';
  if (text.startsWith('<')) {
    return 'a web page instead of JSON (is PARLEY_BASE_URL the address of a Parley deployment, or does a login or proxy page stand in front of it?)';
  }
  return `text that is not JSON ("${text.slice(0, 60)}")`;
}

/** An error body sent with a success status (`success: false` and its `error` text). */
const errorInSuccess = (data: unknown): string | undefined => {
  const body = data as { success?: unknown; error?: unknown } | undefined;
  return body && body.success === false && typeof body.error === 'string' ? body.error : undefined;
};

/** The error for an answer of `response`'s route that breaks the interface, or undefined when it fits. */
export function answerFault(z: ZObject, response: HttpResponse): Error | undefined {
  const method = response.request?.method ?? 'GET';
  const url = response.request?.url ?? '';
  const route = answerRoute(method, url);
  if (!route) return undefined;
  const where = `Parley answered ${routeWords(method, url)}`;
  const root = route.partner ? serviceConfig().integrationUrl : serviceConfig().baseUrl;
  const fail = (what: string) =>
    new z.errors.Error(`${where} with ${what}. ${WHO_FIXES(root)}`, BAD_ANSWER, 502);
  if (response.data === undefined) return fail(notJson(response.content ?? ''));
  const refusal = errorInSuccess(response.data);
  if (refusal !== undefined) {
    return fail(
      `HTTP ${response.status} and an error in its body ("${refusal}"): a refusal must not be a success`,
    );
  }
  const shape = response.status === 202 && route.accepted ? route.accepted : route.shape;
  const problems = shapeProblems(response.data, shape);
  if (problems.length === 0) return undefined;
  return fail(`an answer the Parley interface does not allow: ${problems.join('; ')}`);
}

/** afterResponse: every 2xx of a route the app reads is checked before a step sees it. */
export const checkAnswer: AfterResponseMiddleware = (response, z) => {
  if (response.status < 200 || response.status >= 300 || response.request?.raw) return response;
  const fault = answerFault(z, response);
  if (fault) throw fault;
  return response;
};

/**
 * A body the service POSTed to the app (a hook delivery, a callback) checked as an answer is: `what`
 * names it for the Zap's owner ("a New Meeting event"). Returns the body when it fits.
 */
export function checkDelivery<T>(
  z: ZObject,
  body: unknown,
  id: keyof typeof DELIVERY_SHAPES,
  what: string,
): T {
  const problems = shapeProblems(body, DELIVERY_SHAPES[id]);
  if (problems.length > 0) {
    throw badAnswer(
      z,
      `Parley sent ${what} that the Parley interface does not allow: ${problems.join('; ')}.`,
      serviceConfig().integrationUrl,
    );
  }
  return body as T;
}
