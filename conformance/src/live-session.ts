import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { Exchange } from './check.js';
import { FIXTURES_DIR } from './fixture-dir.js';
import { protoLayout } from './proto-layout.js';

// One scripted live speech-to-text session: a state machine with a deadline on every step
// (connect → config → {connected} → audio paced in real time → empty frame → finals → finished →
// close). It records every frame with its arrival time; the stream checks judge the recording.

export interface Frame {
  atMs: number;
  /** The frame as JSON: `{connected}`, `{chunk}`, `{finished}` (protobuf frames are decoded into this form). */
  data: Record<string, unknown>;
}

export interface SessionRecording {
  format: 'json' | 'protobuf';
  /** The session_id the config frame sent (every chunk must carry it back). */
  sessionId: string;
  frames: Frame[];
  /** Problems with the sequence itself (deadline missed, undecodable frame). */
  problems: string[];
  closeCode?: number;
  closeReason?: string;
  connectMs?: number;
  firstAudioMs?: number;
  emptyFrameMs?: number;
  /** How many frames had arrived when the empty frame was sent (frames[0..n) came before it). */
  framesBeforeEmpty?: number;
  finishedMs?: number;
  closedMs?: number;
  exchange: Exchange;
}

export const DEADLINES = { connectedMs: 10_000, finishedAfterEmptyMs: 30_000, closeAfterFinishedMs: 5_000 };
const FRAME_BYTES = 640;
const FRAME_MS = 20;

/** The 16 kHz mono pcm16 samples of a fixture WAV (its header skipped). */
export function fixturePcm(file: string): Buffer {
  const wav = readFileSync(join(FIXTURES_DIR, file));
  const data = wav.indexOf('data');
  return wav.subarray(data + 8);
}

/** 16 kHz mono pcm16 of two fixture sentences with a second of silence between (two utterances). */
export function sessionAudio(): Buffer {
  return Buffer.concat([fixturePcm('en/rms-01.wav'), Buffer.alloc(32_000), fixturePcm('en/rms-02.wav')]);
}
export const SESSION_TEXT = 'Good morning everyone, let us start the meeting. Can you hear me clearly now?';

export function runLiveSession(options: {
  wsUrl: string;
  apiKey: string;
  format: 'json' | 'protobuf';
  audio: Buffer;
  /** `opus`: `packets` are sent, one a message every 20 ms, instead of `audio` (pcm16 by default). */
  encoding?: 'pcm16' | 'opus';
  packets?: readonly Buffer[];
  /** What the reproduction streams: a fixture and a byte range of its samples (all of rms-01 by default). */
  repro?: ReproAudio;
  protoFiles?: string[];
  protoStreamMessage?: string;
  sessionId: string;
  /** More query parameters, encoded (`language_hints=en,de`). */
  query?: string;
  /** The config frame to send instead of `{encoding, session_id}`. */
  config?: Record<string, unknown>;
}): Promise<SessionRecording> {
  const query = `api_key=${encodeURIComponent(options.apiKey)}${options.format === 'json' ? '&format=json' : ''}${options.query ? `&${options.query}` : ''}`;
  const url = `${options.wsUrl}/v1/stt/stream?${query}`;
  // Parley's layout, or the deployment's --proto files (its message found by name in any package).
  const type = protoLayout(options.protoFiles, options.protoStreamMessage).stream;
  const decode = (raw: Buffer): Record<string, unknown> =>
    fromProto(type.toObject(type.decode(raw), { oneofs: false, enums: String }));
  const recording: SessionRecording = {
    format: options.format,
    sessionId: options.sessionId,
    frames: [],
    problems: [],
    exchange: { method: 'WS', url, repro: wsScript(url, options.sessionId, options.repro) },
  };
  const start = performance.now();
  const now = () => Math.round(performance.now() - start);
  return new Promise((resolve) => {
    const ws = new WebSocket(url);
    const timers: NodeJS.Timeout[] = [];
    const deadline = (ms: number, what: string) => {
      const timer = setTimeout(() => {
        recording.problems.push(`${what} (deadline ${ms} ms)`);
        ws.terminate();
      }, ms);
      timers.push(timer);
      return timer;
    };
    let connectedTimer: NodeJS.Timeout | undefined = deadline(DEADLINES.connectedMs, 'no {connected:true}');
    let finishedTimer: NodeJS.Timeout | undefined;
    // One message per 20 ms: 640 bytes of pcm16, or one Opus packet.
    const messages = options.packets ?? frames(options.audio);
    const sendAudio = () => {
      recording.firstAudioMs = now();
      let sent = 0;
      const began = performance.now();
      // Wall-clock pacing: send every frame that is due (a plain interval drifts behind real time).
      const tick = () => {
        if (ws.readyState !== WebSocket.OPEN) return;
        const due = Math.min(messages.length, Math.floor((performance.now() - began) / FRAME_MS + 1));
        for (; sent < due; sent++) ws.send(messages[sent] as Buffer);
        if (sent < messages.length) return void timers.push(setTimeout(tick, FRAME_MS));
        ws.send(Buffer.alloc(0));
        recording.emptyFrameMs = now();
        recording.framesBeforeEmpty = recording.frames.length;
        finishedTimer = deadline(DEADLINES.finishedAfterEmptyMs, 'no {finished:true} after the empty frame');
      };
      tick();
    };
    ws.on('open', () => {
      recording.connectMs = now();
      ws.send(
        JSON.stringify(
          options.config ?? { encoding: options.encoding ?? 'pcm16', session_id: options.sessionId },
        ),
      );
    });
    ws.on('message', (raw, isBinary) => {
      let data: Record<string, unknown>;
      try {
        data = isBinary ? decode(raw as Buffer) : JSON.parse(String(raw));
      } catch (error) {
        recording.problems.push(
          `undecodable ${isBinary ? 'binary' : 'text'} frame: ${(error as Error).message}`,
        );
        return;
      }
      if (isBinary !== (options.format === 'protobuf'))
        recording.problems.push(`a ${isBinary ? 'binary' : 'text'} frame in ${options.format} mode`);
      recording.frames.push({ atMs: now(), data });
      if (data.connected === true && connectedTimer) {
        clearTimeout(connectedTimer);
        connectedTimer = undefined;
        sendAudio();
      }
      if (data.finished === true) {
        recording.finishedMs = now();
        if (finishedTimer) clearTimeout(finishedTimer);
        deadline(DEADLINES.closeAfterFinishedMs, 'socket not closed after {finished:true}');
      }
    });
    ws.on('error', (error) => recording.problems.push(`socket error: ${error.message}`));
    ws.on('close', (code, reason) => {
      for (const timer of timers) clearTimeout(timer);
      recording.closeCode = code;
      recording.closeReason = reason.toString();
      recording.closedMs = now();
      recording.exchange.responseBody = JSON.stringify(recording.frames.slice(-12).map((f) => f.data)).slice(
        0,
        2000,
      );
      recording.exchange.status = code;
      resolve(recording);
    });
  });
}

const frames = (audio: Buffer): Buffer[] =>
  Array.from({ length: Math.ceil(audio.length / FRAME_BYTES) }, (_, i) =>
    audio.subarray(i * FRAME_BYTES, (i + 1) * FRAME_BYTES),
  );

/** A protobuf StreamResponse in the JSON frame's shape (`disconnect_reason=SESSION_ENDED` is `finished`). */
function fromProto(message: Record<string, unknown>): Record<string, unknown> {
  if (message.disconnect_reason !== undefined) {
    const reason = message.disconnect_reason;
    return reason === 'SESSION_ENDED' ? { finished: true } : { disconnect_reason: reason };
  }
  // proto3 leaves false out of the wire: is_final false reads back as absent.
  const chunk = message.chunk as Record<string, unknown> | undefined;
  return chunk ? { chunk: { ...chunk, is_final: chunk.is_final === true } } : message;
}

export interface ReproAudio {
  /** Under fixtures/audio. */
  file: string;
  /** Byte offsets into its samples (a cut of the audio). */
  from?: number;
  to?: number;
}

/**
 * A node script that repeats the session: the audio named by path (16 kHz mono pcm16, a WAV's header
 * skipped; cut to the session's byte range), paced at 640 bytes every 20 ms, then the empty frame;
 * it prints every frame (binary protobuf frames as base64, for protoc --decode) and the close code.
 */
function wsScript(url: string, sessionId: string, audio: ReproAudio = { file: 'en/rms-01.wav' }): string {
  const path = `fixtures/audio/${audio.file}`;
  const cut = audio.from !== undefined || audio.to !== undefined;
  const script = [
    "const W=require('ws'),fs=require('fs');",
    `let a=fs.readFileSync(process.env.AUDIO||'${path}');`,
    "const d=a.indexOf('data');if(a.subarray(0,4).toString()==='RIFF'&&d>0)a=a.subarray(d+8);",
    cut ? `a=a.subarray(${audio.from ?? 0},${audio.to ?? 'a.length'});` : '',
    `const ws=new W('${url}');`,
    `ws.on('open',()=>ws.send(JSON.stringify({encoding:'pcm16',session_id:'${sessionId}'})));`,
    "let go=0;ws.on('message',(m,bin)=>{console.log(bin?'<pb> '+Buffer.from(m).toString('base64'):String(m));",
    'if(!go++){let i=0;const t=setInterval(()=>{if(i>=a.length){clearInterval(t);ws.send(Buffer.alloc(0));return}',
    'ws.send(a.subarray(i,i+640));i+=640},20)}});',
    "ws.on('close',(c,r)=>console.log('close',c,String(r)))",
  ].join('');
  return `AUDIO=${path} node -e "${script.replace(/"/g, '\\"')}"`;
}
