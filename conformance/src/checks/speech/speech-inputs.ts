import { PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import { fail, skip } from '../../check.js';
import type { CheckContext } from '../../context.js';
import { at, pickString } from '../../json-path.js';
import { protoLayout } from '../../proto-layout.js';
import { expectStatus } from '../../schema-check.js';

// What the speech checks send and share: the key as a query parameter, the protobuf layout, one
// TTS call per run (its answer decoded, or a readable failure), the fixture URLs on the audio host.

export const TTS_TEXT = 'The quarterly review starts at nine tomorrow morning.';

export const q = (ctx: CheckContext) => `api_key=${encodeURIComponent(ctx.target.apiKey)}`;

export function proto(ctx: CheckContext) {
  const layout = protoLayout(ctx.target.protoFiles, ctx.target.protoStreamMessage);
  return { request: layout.ttsRequest, response: layout.ttsResponse };
}

/** A SessionTTSResponse from bytes, or a readable failure naming what came instead. */
export function decodeTts(ctx: CheckContext, bytes: Uint8Array, what: string) {
  const { response } = proto(ctx);
  try {
    // Read, not trusted: a field the deployment's layout leaves out or types otherwise is undefined.
    const decoded: unknown = response.toObject(response.decode(bytes));
    return { audio_url: pickString(decoded, 'audio_url'), error: pickString(decoded, 'error') };
  } catch (error) {
    const head = Buffer.from(bytes.subarray(0, 80))
      .toString('utf8')
      .replace(/[^\x20-\x7e]/g, '.');
    return fail(
      'DECODE',
      `${what}: not a SessionTTSResponse: ${(error as Error).message} (body begins "${head}")`,
      at(what, '$', 'a SessionTTSResponse', head),
    );
  }
}

/** One TTS call per run, shared by the OGG and signed-URL checks. */
export function tts(ctx: CheckContext): Promise<{ audioUrl: string; error: string }> {
  return ctx.shared('tts', async () => {
    const { request } = proto(ctx);
    const body = request
      .encode(request.fromObject({ session_id: ctx.target.runId, message_id: 'tts-1', text: TTS_TEXT }))
      .finish();
    const reply = await ctx.http.send(`/v1/tts?${q(ctx)}`, {
      method: 'POST',
      headers: { 'content-type': PROTO_CONTENT_TYPE },
      body,
    });
    expectStatus(reply, 200, 'tts');
    const { audio_url: audioUrl, error } = decodeTts(ctx, reply.bytes, 'tts');
    if (!audioUrl)
      return fail(
        'MISSING_FIELD',
        `tts answered no audio_url (error: ${error || 'none'})`,
        at('tts', '$.audio_url', 'a signed URL', error || undefined),
      );
    return { audioUrl, error: error ?? '' };
  });
}

export function audioSource(ctx: CheckContext, path: string): string {
  const url = ctx.audioUrl(path);
  if (!url)
    return skip('needs --audio-base-url (where fixtures/audio is served for the deployment to fetch)', [
      '--audio-base-url',
    ]);
  return url;
}
