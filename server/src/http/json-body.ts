import type { IncomingMessage } from 'node:http';
import { ApiError } from '../core/api-error.js';
import { ErrorText, RequestLimits } from '../core/contracts.js';
import { nestingOver } from '../core/json-depth.js';

// Reads a JSON request body with the spec's error texts: no body where one is required is
// 400 "Empty request body", text that does not parse is 400 "Invalid JSON", a body over the limit
// is 413, and a body declared as something other than JSON is 415. Routes whose body is optional
// (nothing required in the request schema) read an empty body as `{}`.

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

export interface JsonBodyOptions {
  limitBytes: number;
  /** When false, an empty body is read as `{}`. */
  required: boolean;
}

/** The request's JSON body, parsed, or the ApiError the rules above prescribe. */
export async function readJsonBody(req: IncomingMessage, options: JsonBodyOptions): Promise<unknown> {
  const bytes = await readBody(req, options.limitBytes);
  if (bytes.length === 0 || bytes.every(isWhitespace)) {
    if (options.required) throw ApiError.badRequest(ErrorText.emptyBody);
    return {};
  }
  const type = req.headers['content-type'];
  if (type && !JSON_TYPE.test(type)) {
    throw new ApiError('UNSUPPORTED_MEDIA_TYPE', `Content-Type must be application/json, not ${type}`);
  }
  return parse(bytes);
}

function parse(bytes: Buffer): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw ApiError.badRequest(ErrorText.invalidJson);
  }
  if (nestingOver(text, RequestLimits.jsonDepth)) {
    throw ApiError.badRequest(`JSON nests deeper than ${RequestLimits.jsonDepth} levels`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.badRequest(ErrorText.invalidJson);
  }
}

/** The whole body, refusing (413) as soon as it is known to exceed `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const tooLarge = () => new ApiError('PAYLOAD_TOO_LARGE', `Request body exceeds ${limit} bytes`);
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanup();
        req.resume(); // drain and drop the rest so the response can still be written
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(ApiError.badRequest(`Could not read the request body: ${error.message}`));
    };
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}
