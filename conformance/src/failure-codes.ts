// The closed set of failure codes: every deviation a check reports carries one, and the baseline's
// fingerprint is `<check id> <CODE> <path>`. Each code is named for what went wrong, not for the
// check that saw it; REPORTS.md lists them (a test keeps the two equal).

export const FAILURE_CODES = {
  STATUS: 'the HTTP status is not the one the rule requires',
  CLOSE_CODE: 'the WebSocket close code is not the one the rule requires',
  CONTENT_TYPE: 'the Content-Type label is not the required one (JSON, protobuf)',
  DECODE: 'the body does not parse as what it must be (JSON, a protobuf message, an audio file)',
  MISSING_FIELD: 'a field the schema or the rule requires is absent',
  TYPE: 'a field holds another JSON type than its schema gives',
  SCHEMA: 'a field breaks another rule of its schema (format, enum, bounds, length, pattern)',
  VALUE:
    'a field holds another value than the rule requires (a default, an error text or code, a value read back or echoed)',
  COUNT: 'a number of items is outside its bound (a page over its limit, a default page size)',
  ORDER: 'a list is not in its required order (newest first, utterances by time)',
  DUPLICATE: 'an item or id appears twice, or is reused where it must be new',
  MISSING_ITEM:
    'something that must come is absent (a meeting never listed, a final never sent, a callback never delivered)',
  UNEXPECTED_ITEM:
    'something that must not be there is (a deleted meeting still listed, frames after the terminal frame)',
  SEQUENCE: 'a protocol step is missing or out of place (the live stream, the OAuth pages and redirects)',
  TIMING: 'a deadline of the spec was exceeded',
  NO_ANSWER:
    "no answer came within the request's deadline (600 s for file STT, the spec's advice; 30 s for any other; --timeout)",
  MEDIA: 'an audio file is not of the required container, codec, channels or duration',
  ACCURACY: 'recognised text or timings are too far from the known audio',
  SECURITY:
    'a protection did not hold (a tampered URL served, a wrong verifier or used token accepted, a signature that does not verify)',
} as const;

export type FailureCode = keyof typeof FAILURE_CODES;

export const isFailureCode = (text: string): text is FailureCode => Object.hasOwn(FAILURE_CODES, text);
