import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { protoDir } from '@parley/schemas/paths';
import express, { Router } from 'express';
import { ApiError } from '../core/api-error.js';
import { fixtureBytes, fixtureFiles } from '../engines/audio/fixture-audio.js';
import { contentTypeOf } from '../files/file-store.js';

// /playground/: a page that calls this server's API the way a client would (live stream, file STT,
// TTS, denoise, translate-text), served with everything it loads (no CDN): its own assets, the
// protobuf runtime and tts.proto for the TTS bodies, and the repository's audio fixtures to try.
// The API key and the server's address come from /docs/session.json (docs-pages.routes.ts).

const ASSETS = fileURLToPath(new URL('./assets/', import.meta.url));
const PROTOBUF_DIST = join(
  dirname(createRequire(import.meta.url).resolve('protobufjs/package.json')),
  'dist',
);
/** Fixtures worth offering: single-speaker sentences, conversations and the noisy takes. */
const OFFERED = (purpose: string[]) =>
  ['streaming', 'diarization', 'denoise'].some((p) => purpose.includes(p));

export function playgroundRoutes(): Router {
  const router = Router();
  router.get('/playground', (req, res, next) =>
    req.originalUrl.split('?')[0] === '/playground' ? res.redirect(301, '/playground/') : next(),
  );

  router.get('/playground/fixtures.json', (_req, res) => {
    const files = fixtureFiles((f) => OFFERED(f.purpose)).map((f) => ({
      id: f.id,
      path: `/playground/fixtures/${f.id}`,
      text: f.text,
      speakers: f.speakers,
      purpose: f.purpose,
    }));
    res.json({ files });
  });
  router.get('/playground/fixtures/:id', async (req, res) => {
    const file = fixtureFiles((f) => f.id === req.params.id)[0];
    if (!file) throw ApiError.notFound('Fixture');
    res.type(contentTypeOf(file.path)).send(await fixtureBytes(file));
  });

  router.get('/playground/vendor/protobuf.min.js', (_req, res) => {
    res.sendFile(join(PROTOBUF_DIST, 'protobuf.min.js'));
  });
  router.get('/playground/proto/tts.proto', (_req, res) => {
    res.type('text/plain').sendFile(join(protoDir, 'parley/v1/tts.proto'));
  });
  router.use('/playground', express.static(ASSETS, { index: 'index.html' }));
  return router;
}
