import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { protoDir } from '@parley/schemas/paths';
import type { PlaygroundFixturesResponse } from '@parley/schemas/types';
import { ApiError } from '../core/api-error.js';
import { fixtureFiles, fixturePath } from '../engines/audio/fixture-audio.js';
import { contentTypeOf } from '../files/file-store.js';
import { FileReply } from '../http/file-reply.js';
import type { RouteKit } from '../http/route-kit.js';

// /playground/: a page that calls this server's API the way a client would (live stream, file STT,
// TTS, denoise, translate-text), served with everything it loads (no CDN): its own assets, the
// protobuf runtime and tts.proto for the TTS bodies, and the repository's audio fixtures to try.
// The API key and the server's address come from /docs/session.json (routes/docs/docs-pages.routes.ts).

const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));
const PROTOBUF_DIST = join(
  dirname(createRequire(import.meta.url).resolve('protobufjs/package.json')),
  'dist',
);
/** Fixtures worth offering: single-speaker sentences, conversations and the noisy takes. */
const OFFERED = (purpose: string[]) =>
  ['streaming', 'diarization', 'denoise'].some((p) => purpose.includes(p));

export function playgroundRoutes(kit: RouteKit): void {
  kit.mountPublic(
    'playground-page',
    async () => new FileReply(join(ASSETS, 'index.html'), { what: 'Playground page' }),
  );
  kit.mountPublic('playground-fixtures', async (): Promise<PlaygroundFixturesResponse> => {
    const files = fixtureFiles((f) => OFFERED(f.purpose)).map((f) => ({
      id: f.id,
      path: `/playground/fixtures/${f.id}`,
      text: f.text,
      speakers: f.speakers,
      duration_s: f.duration_s,
      purpose: f.purpose,
    }));
    return { files };
  });
  kit.mountPublic('playground-fixture', async (_body, { params }) => {
    const file = fixtureFiles((f) => f.id === params.id)[0];
    if (!file) throw ApiError.notFound('Fixture');
    return new FileReply(fixturePath(file), { what: 'Fixture', contentType: contentTypeOf(file.path) });
  });
  kit.mountPublic(
    'playground-protobuf',
    async () => new FileReply(join(PROTOBUF_DIST, 'protobuf.min.js'), { what: 'Protobuf runtime' }),
  );
  kit.mountPublic(
    'playground-tts-proto',
    async () =>
      new FileReply(join(protoDir, 'parley/v1/tts.proto'), {
        what: 'Proto file',
        contentType: 'text/plain; charset=utf-8',
      }),
  );
  kit.mountPublic(
    'playground-asset',
    async (_body, { params }) => new FileReply(params.file ?? '', { root: ASSETS, what: 'Playground file' }),
  );
}
