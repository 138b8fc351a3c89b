import { randomBytes } from 'node:crypto';
import { MeetingStatus } from '../../src/core/contracts.js';
import type { SeedDocument } from '../../src/emulator/seed.service.js';

// What the bench loads into the reference server and sends to every server: one reader with
// MEETINGS meetings (a realistic mix: colleagues, e-mail invitees, co-hosts, ended and live), and a
// separate writer for create-meeting, so the meetings it creates never change what get-meetings
// reads.

export const MEETINGS = 50;

export type BenchRoute = 'get-meetings' | 'create-meeting';
export const BENCH_ROUTES: readonly BenchRoute[] = ['get-meetings', 'create-meeting'];

/** The request body of each route, identical for every server. */
export const REQUEST_BODIES: Record<BenchRoute, string> = {
  'get-meetings': JSON.stringify({ limit: MEETINGS }),
  'create-meeting': JSON.stringify({
    title: 'Quarterly roadmap review',
    participant_ids: ['em:dana.lee@example.org'],
  }),
};

export interface BenchUsers {
  /** The API key each route is called with. */
  keys: Record<BenchRoute, string>;
  seed: SeedDocument;
}

const READER = { id: 'usr_bench_reader', email: 'reader@bench.example.com', name: 'Rea Der' };
const WRITER = { id: 'usr_bench_writer', email: 'writer@bench.example.com', name: 'Wri Ter' };
const COLLEAGUES = [
  { id: 'usr_bench_aiko', email: 'aiko.tanaka@bench.example.com', name: 'Aiko Tanaka' },
  { id: 'usr_bench_marco', email: 'marco.rossi@bench.example.com', name: 'Marco Rossi' },
  { id: 'usr_bench_lena', email: 'lena.vogel@bench.example.com', name: 'Lena Vogel' },
];
const TITLES = ['Weekly planning', 'Design review', 'Customer call', 'Retro', 'Hiring sync'];
const HOUR_MS = 3_600_000;

export function benchUsers(now = Date.now()): BenchUsers {
  const key = () => `prl_bench_${randomBytes(18).toString('base64url')}`;
  const keys = { 'get-meetings': key(), 'create-meeting': key() };
  const iso = (ms: number) => new Date(ms).toISOString();
  const meetings = Array.from({ length: MEETINGS }, (_, i) => {
    const colleague = COLLEAGUES[i % COLLEAGUES.length] ?? READER;
    const start = now - (MEETINGS - i) * 6 * HOUR_MS;
    const live = i >= MEETINGS - 3;
    return {
      id: `mtg_bench_${String(i).padStart(3, '0')}`,
      host_user_id: READER.id,
      participant_ids: [READER.id, colleague.id, `em:guest${i}@partner.example.org`],
      co_host_ids: i % 3 === 0 ? [colleague.id] : [],
      start_at: iso(start),
      ...(live ? {} : { end_at: iso(start + 45 * 60_000) }),
      status: live ? MeetingStatus.LIVE : MeetingStatus.ENDED,
      title: `${TITLES[i % TITLES.length]} #${i + 1}`,
      created_at: iso(start - 5 * 60_000),
      updated_at: iso(start + 50 * 60_000),
      language: 'en',
      translation_languages: i % 2 === 0 ? ['fr', 'ja'] : [],
      tags: ['bench'],
    };
  });
  return {
    keys,
    seed: {
      users: [READER, WRITER, ...COLLEAGUES],
      api_keys: [
        { user_id: READER.id, key: keys['get-meetings'] },
        { user_id: WRITER.id, key: keys['create-meeting'] },
      ],
      meetings,
    },
  };
}
