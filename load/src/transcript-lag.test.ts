import { describe, expect, it } from 'vitest';
import { matchTurn, TranscriptLag } from './transcript-lag.ts';

const turns = [
  { text: 'Good morning everyone.', start_s: 0.2, end_s: 1.5 },
  { text: 'Please share your screen with the team.', start_s: 2.1, end_s: 4.0 },
];

describe('transcript lag', () => {
  it('matches a final to the turn it shares most words with, never going back', () => {
    expect(matchTurn('share the screen', turns)).toBe(1);
    expect(matchTurn('good morning', turns, 1)).toBe(-1);
    expect(matchTurn('nothing alike', turns)).toBe(-1);
  });

  it('is audio sent minus the end of the matched turn, and unknown before that end was sent', () => {
    const lag = new TranscriptLag(turns);
    expect(lag.final('good morning every one', 1900)).toBe(400);
    expect(lag.final('please share your', 3000)).toBeUndefined();
    expect(lag.final('screen with the team', 4600)).toBe(600);
  });
});
