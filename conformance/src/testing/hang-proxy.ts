import { type Exchange, type ProxyHooks, pathOf } from './variant-proxy.js';

// A deployment that hangs, made by the variant proxy: requests it never answers (as a third-party
// mock of the interface never answered malformed JSON). The self-test's hang fault and bench:hang.
// Test tooling only; nothing here is the kit.

/** A request declared JSON whose body does not parse. */
export function malformedJson(req: Exchange): boolean {
  if (req.body.length === 0 || !/json/.test(req.headers.get('content-type') ?? '')) return false;
  try {
    JSON.parse(req.body.toString('utf8'));
    return false;
  } catch {
    return true;
  }
}

/** Never answers a request `when` picks; `hung` gets each one (method and path): a deadline waited. */
export const hangWhen = (when: (req: Exchange) => boolean, hung: string[]): ProxyHooks => ({
  request(req) {
    if (!when(req)) return req;
    hung.push(`${req.method} ${pathOf(req)}`);
    return new Promise<Exchange>(() => undefined);
  },
});
