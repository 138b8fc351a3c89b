import { activeFaults } from './faults.catalog.js';

// The outbound edge of fault injection: the generate-document callback's signature header as the
// active faults would have it. With no fault on, the job's own signature is sent.

/** A signature of the same form (`v1,<base64>`) that does not verify when the fault is on. */
export function faultyCallbackSignature(signature: string): string {
  if (!activeFaults.has('callback-signature-wrong')) return signature;
  return signature.replace(/^v1,(.)/, (_all, first: string) => `v1,${first === 'A' ? 'B' : 'A'}`);
}
