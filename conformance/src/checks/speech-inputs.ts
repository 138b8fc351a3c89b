import { PROTO_CONTENT_TYPE } from '@parley/schemas/proto';
import { fail, skip } from '../check.js';
import type { CheckContext } from '../context.js';
import { at } from '../json-path.js';
import { protoLayout } from '../proto-layout.js';
import { expectStatus } from '../schema-check.js';

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
    return response.toObject(response.decode(bytes)) as { audio_url?: string; error?: string };
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
export function tts(ctx: CheckContext): Promise<{ audioUrl: string }> {
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
    const decoded = decodeTts(ctx, reply.bytes, 'tts');
    if (!decoded.audio_url)
      fail(
        'MISSING_FIELD',
        `tts answered no audio_url (error: ${decoded.error || 'none'})`,
        at('tts', '$.audio_url', 'a signed URL', decoded.error || undefined),
      );
    return { audioUrl: decoded.audio_url as string };
  });
}

export function audioSource(ctx: CheckContext, path: string): string {
  const url = ctx.audioUrl(path);
  if (!url) skip('needs --audio-base-url (where fixtures/audio is served for the deployment to fetch)');
  return url as string;
}
