import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FACTS } from '../../facts/index.js';
import { type Json, onAnswer, reply } from '../blind/edits.js';
import { jsonOf } from '../mutant-run.js';
import { type Answer, type Exchange, type ProxyHooks, pathOf } from '../variant-proxy.js';
import { type FactViolation, proxied } from './fact-violation.js';

// Edits the partner facts' violations share: a field dropped or retyped in every item of a trigger,
// in /me or in a meeting's details (made for every presence and type fact of those answers), and a
// relay that carries a generate-document callback to the kit with one thing broken.

/** A value of another type than the spec's, as a careless deployment would write it. */
const RETYPED: Record<string, unknown> = {
  timestamp: '2026-01-02 03:04:05',
  number: '3',
  'string[]': 'sales,weekly',
  string: 42,
};

export const dropField = (o: Json, field: string): Json => {
  const { [field]: _, ...rest } = o;
  return rest;
};
export const retypeField = (o: Json, field: string, type: string): Json =>
  field in o ? { ...o, [field]: RETYPED[type] ?? null } : o;

const isDetails = (req: Exchange) => /^\/api\/partner\/meetings\/[^/]+$/.test(pathOf(req));

/** The answers of a subject of the partner facts (a trigger's items, /me, details) changed by `edit`. */
function onSubject(subject: string, edit: (o: Json) => Json): ProxyHooks {
  if (subject === 'me') return onAnswer('/api/partner/me', (b, s) => [s, s === 200 ? edit(b) : b]);
  if (subject === 'details')
    return {
      answer: (req: Exchange, a: Answer) =>
        isDetails(req) && a.status === 200 ? reply(a, 200, edit(jsonOf(a.body))) : a,
    };
  return onAnswer(`/api/partner/triggers/${subject}`, (b, s) =>
    s === 200 && Array.isArray(b) ? [s, (b as Json[]).map(edit)] : [s, b],
  );
}

/** A violation of every `partner.<subject>.<field>.presence|type` fact: the field dropped, or retyped. */
export function partnerViolationsOfFields(): FactViolation[] {
  return FACTS.flatMap((fact) => {
    const m = /^partner\.([a-z-]+)\.([a-z_]+)\.(presence|type)$/.exec(fact.id);
    if (!m || !fact.judgeable) return [];
    const [, subject = '', field = '', aspect] = m;
    if (aspect === 'presence')
      return [
        proxied(fact.id, 'dropped', `${subject} without ${field}`, () =>
          onSubject(subject, (o) => dropField(o, field)),
        ),
      ];
    const type = fact.words.slice(field.length + 1);
    return [
      proxied(fact.id, 'retyped', `${subject}'s ${field} as ${JSON.stringify(RETYPED[type])}`, () =>
        onSubject(subject, (o) => retypeField(o, field, type)),
      ),
    ];
  });
}

/**
 * A generate-document callback broken on its way to the kit: the callback_url asked for is replaced
 * by a relay of the proxy's own, which passes the delivery on with `what` broken (`post`: sent as PUT;
 * a field name: that field removed, or `status` another value). The signature no longer matches, so
 * these run without --webhook-secret.
 */
export function callbackRelay(what: string): ProxyHooks {
  let relay: Promise<string> | undefined;
  const start = () =>
    (relay ??= new Promise<string>((resolve) => {
      const server: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', async () => {
          res.writeHead(200).end('ok');
          const to = new URL(req.url ?? '/', 'http://relay').searchParams.get('to') ?? '';
          const body = jsonOf(Buffer.concat(chunks));
          const broken =
            what === 'status'
              ? { ...body, status: 'completed' }
              : what === 'post'
                ? body
                : dropField(body, what);
          await fetch(to, {
            method: what === 'post' ? 'PUT' : 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(broken),
          }).catch(() => {});
        });
      });
      server.unref();
      server.listen(0, '127.0.0.1', () =>
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      );
    }));
  return {
    async request(req: Exchange): Promise<Exchange> {
      if (!/\/generate-document$/.test(pathOf(req))) return req;
      const asked = jsonOf(req.body);
      if (typeof asked.callback_url !== 'string') return req;
      const url = `${await start()}/?to=${encodeURIComponent(asked.callback_url)}`;
      return { ...req, body: Buffer.from(JSON.stringify({ ...asked, callback_url: url })) };
    },
  };
}
