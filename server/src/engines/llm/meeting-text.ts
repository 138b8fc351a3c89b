import type { MeetingContext, MeetingParticipant } from './llm.engine.js';

// The meeting as text, in one place for every adapter: who a speaker label is, the transcript and
// chat as sentences with their speaker, and a bounded transcript for prompts.

export interface SpokenSentence {
  text: string;
  speaker: string;
  /** Seconds from the start, when known (transcript sentences). */
  at?: number;
  source: 'transcript' | 'chat';
}

/** A participant's name, else e-mail, else id; "0" → "Speaker 1" for diarization labels. */
export function displayName(meeting: MeetingContext, speaker: string): string {
  const participant = meeting.participants.find((p) => p.id === speaker);
  if (participant) return participantName(participant);
  if (/^\d+$/.test(speaker)) return `Speaker ${Number(speaker) + 1}`;
  return speaker.startsWith('em:') ? speaker.slice(3) : speaker;
}

export function participantName(p: MeetingParticipant): string {
  return p.name?.trim() || p.email || (p.id.startsWith('em:') ? p.id.slice(3) : p.id);
}

/** Sentences ending in . ! ? (or their CJK forms); line breaks also end a sentence. */
export function splitSentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+|(?<=[。！？])|\n+/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Transcript first (in time order), then chat messages, each cut into sentences. */
export function meetingSentences(meeting: MeetingContext): SpokenSentence[] {
  const utterances = [...meeting.utterances].sort((a, b) => (a.start_seconds ?? 0) - (b.start_seconds ?? 0));
  const out: SpokenSentence[] = [];
  for (const u of utterances) {
    const speaker = displayName(meeting, u.speaker);
    for (const text of splitSentences(u.text)) {
      out.push({
        text,
        speaker,
        source: 'transcript',
        ...(u.start_seconds === undefined ? {} : { at: u.start_seconds }),
      });
    }
  }
  for (const m of meeting.messages) {
    const speaker = displayName(meeting, m.sender_id);
    for (const text of splitSentences(m.text)) out.push({ text, speaker, source: 'chat' });
  }
  return out;
}

/** "[12:05] Ana: text" lines and "(chat) Ana: text" lines, cut at `maxChars` with a marker. */
export function transcriptText(meeting: MeetingContext, maxChars: number): string {
  const lines: string[] = [];
  for (const u of [...meeting.utterances].sort((a, b) => (a.start_seconds ?? 0) - (b.start_seconds ?? 0))) {
    const at = u.start_seconds === undefined ? '' : `[${clock(u.start_seconds)}] `;
    lines.push(`${at}${displayName(meeting, u.speaker)}: ${u.text.trim()}`);
  }
  for (const m of meeting.messages)
    lines.push(`(chat) ${displayName(meeting, m.sender_id)}: ${m.text.trim()}`);
  const text = lines.join('\n');
  return text.length <= maxChars
    ? text
    : `${text.slice(0, maxChars)}\n[… transcript cut at ${maxChars} characters]`;
}

export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const hh = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${mm}:${ss}` : `${mm}:${ss}`;
}
