import { describe, expect, it } from 'vitest';
import { matchTurn, TurnLatency } from './turn-latency.js';

const turns = [
  { text: 'Good morning everyone.', start_s: 0.2, end_s: 1.5 },
  { text: 'Please share your screen with the team.', start_s: 2.1, end_s: 4.0 },
];
// 20 ms frames over 5 s: frame i starts at i·20 ms.
const offsets = Array.from({ length: 250 }, (_, i) => i * 20);

/** Sends frames 0..n-1 one at a time, frame i at `t0 + i·20 + lateMs`. */
function sendUpTo(latency: TurnLatency, n: number, from = 0, lateMs = 0) {
  for (let i = from; i < n; i++) latency.sent([i], i * 20 + lateMs);
}

describe('turn latency', () => {
  it('matches a final to the turn it shares most words with, never going back', () => {
    expect(matchTurn('share the screen', turns)).toBe(1);
    expect(matchTurn('good morning', turns, 1)).toBe(-1);
    expect(matchTurn('nothing alike', turns)).toBe(-1);
  });

  it('measures first result from the onset frame and final from the end frame of each turn', () => {
    const latency = new TurnLatency(turns, offsets);
    sendUpTo(latency, 80); // onset of turn 0 is frame 10 (200 ms), its end frame 75 (1500 ms)
    latency.result('u1', 'good', false, 200 + 300);
    latency.result('u1', 'good morning everyone', true, 1500 + 450);
    sendUpTo(latency, 250, 80);
    latency.result('u2', 'please', false, 2100 + 250);
    latency.result('u2', 'please share your screen with the team', true, 4000 + 700);
    expect(latency.firstResultMs()).toEqual([300, 250]);
    expect(latency.finalMs()).toEqual([450, 700]);
  });

  it('times a turn answered first by its final (no interim) from its end, not its onset', () => {
    const latency = new TurnLatency(turns, offsets);
    sendUpTo(latency, 250);
    latency.result('u1', 'good morning everyone', true, 1500 + 450);
    latency.result('u2', 'please share your screen with the team', true, 4000 + 700);
    // From the onsets these would read 1750 and 2600: each turn's length plus its final's delay.
    expect(latency.firstResultMs()).toEqual([450, 700]);
    expect(latency.finalMs()).toEqual([450, 700]);
  });

  it('charges a late generator to the generator, not the server', () => {
    const latency = new TurnLatency(turns, offsets);
    sendUpTo(latency, 250, 0, 1000); // every frame left 1 s late
    latency.result('u1', 'good morning everyone', true, 1500 + 1000 + 200);
    expect(latency.finalMs()).toEqual([200]);
  });

  it('takes the last final of a turn the recognizer split, and no first result from its second part', () => {
    const latency = new TurnLatency(turns, offsets);
    sendUpTo(latency, 120); // turn 0 has ended (frame 75) and turn 1 started (frame 105)
    latency.result('u1', 'good morning', true, 1200);
    // A second utterance with turn 0's words: not turn 1's first result.
    latency.result('u2', 'good morning everyone', false, 1600);
    expect(latency.firstResultMs()).toEqual([1000]);
    sendUpTo(latency, 250, 120);
    latency.result('u2', 'everyone', true, 1900);
    latency.result('u3', 'please share', false, 2400);
    expect(latency.firstResultMs()).toEqual([1000, 300]);
    expect(latency.finalMs()).toEqual([1900 - 1500]);
  });

  it('gives no sample for a turn whose final never came', () => {
    const latency = new TurnLatency(turns, offsets);
    sendUpTo(latency, 250);
    latency.result('u1', 'good morning everyone', true, 1800);
    expect(latency.finalMs()).toEqual([300]);
  });
});
