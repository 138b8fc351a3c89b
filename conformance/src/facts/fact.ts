// A fact: one assertable statement of the spec at the grain of one table cell or one clause (a
// field's type, its unit, its range, its allowed values, when it is present; a request field's
// default or an accepted form; a limit's default, maximum and what going past it does; an error row;
// a protocol step; a state). The sentence matrix is built from them, and coverage counts them: a
// fact is judged only by checks its violation was seen to fail (the self-test's facts lane).

export const FACT_AREAS = [
  'rest',
  'meetings',
  'messages',
  'transcription',
  'settings-people',
  'errors',
  'speech',
  'stream',
  'partner',
] as const;
export type FactArea = (typeof FACT_AREAS)[number];

export type FactKind =
  | 'type' // a field's JSON type or format (string, integer, timestamp, string[])
  | 'unit' // seconds, milliseconds, a fraction 0 to 1
  | 'range' // a number's bounds
  | 'enum' // allowed or seen values
  | 'presence' // always, "present for …", "only when …", "carries only …"
  | 'content' // what a value must hold: the whole transcript, the host among participants
  | 'default' // what an omitted request field means
  | 'form' // an accepted input form (a comma string, a name for a code, null)
  | 'limit' // a limit's default, maximum, and what going past it does
  | 'order' // newest first, cursor direction
  | 'cursor' // what a cursor returns and that it moves
  | 'effect' // what a write does to later reads
  | 'error' // an error row: status, text, body shape
  | 'auth' // who may call, with what credential
  | 'protocol' // a step of a protocol: order, frame kind, close code
  | 'timing' // "about 5 seconds", "valid about 1 hour"
  | 'state' // a status and its transitions
  | 'descriptive'; // describes the service or the document; nothing to observe

/** MUST: a rule; SHOULD: a recommendation; descriptive: a description; lenience: an input the service accepts. */
export type FactLevel = 'MUST' | 'SHOULD' | 'descriptive' | 'lenience';

export interface FactBase {
  /** `<area>.<subject>.<aspect>`, stable and never reused, e.g. `meetings.meeting.end_at.presence`. */
  id: string;
  area: FactArea;
  kind: FactKind;
  level: FactLevel;
  /** The matrix unit (matrix/sentences.json) the fact comes from, e.g. `S-meeting-05`. */
  sentence: string;
  /** The spec's own words for this one fact: a cell, or a clause. */
  words: string;
}

export interface JudgeableFact extends FactBase {
  judgeable: true;
  /** The checks that judge it: a run of the fact's violation with these must FAIL one of them. */
  checks: readonly string[];
}

export interface UnjudgeableFact extends FactBase {
  judgeable: false;
  /** Why no client can judge it within one run, and what would let one. */
  why: string;
}

export type Fact = JudgeableFact | UnjudgeableFact;
