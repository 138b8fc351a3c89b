import { describe, expect, it } from 'vitest';
import { detectActionItems, isActionItem } from './action-items.js';

describe('rule-based action items', () => {
  it.each([
    'I will send the notes after the call.',
    "I'll book the room for Thursday.",
    'We need to finish the report by Friday.',
    'Maria is going to draft the press release.',
    "Let's meet again next week.",
    'Please review the contract before Monday.',
    'Could you send me the slides?',
    'Action item: update the roadmap.',
    'Next steps are to call the vendor.',
    "I'm Priya, I'll send the deck by Friday.",
    "I'll take the notes to legal tomorrow.",
  ])('finds "%s"', (sentence) => {
    expect(isActionItem(sentence)).toBe(true);
  });

  it.each([
    'The budget is forty thousand dollars.',
    'We will not change the pricing this quarter.',
    "There's no need to invite legal.",
    'What about the hiring plan?',
    'Will it rain tomorrow?',
    'It will be a long quarter.',
    'They said the launch went well.',
    "I'm Priya, I'll keep time.",
    "Hi, I'm Tomás Ortega from Acme, I'll take notes today.",
    "I'll go first.",
    "I'll be out next week.",
    'We need to know the budget.',
  ])('leaves out "%s"', (sentence) => {
    expect(isActionItem(sentence)).toBe(false);
  });

  it('quotes a commitment without the introduction before it', () => {
    expect(
      detectActionItems([
        { text: "I'm Priya, I'll send the deck by Friday.", speaker: 'Priya', source: 'transcript' },
      ]),
    ).toEqual([{ text: "I'll send the deck by Friday.", owner: 'Priya', due: 'Friday' }]);
  });

  it('names the owner and the deadline when the sentence gives them', () => {
    const items = detectActionItems([
      { text: 'I will send the notes by Friday.', speaker: 'Ana', source: 'transcript' },
      { text: 'Maria should call the vendor tomorrow.', speaker: 'Ben', source: 'transcript' },
      { text: "Let's ship it by the end of the month.", speaker: 'Ben', source: 'transcript' },
      { text: 'Please check the numbers before 2024-06-01.', speaker: 'Ben', source: 'chat' },
      { text: 'I will send the notes by Friday!', speaker: 'Ana', source: 'chat' },
    ]);
    expect(items).toEqual([
      { text: 'I will send the notes by Friday.', owner: 'Ana', due: 'Friday' },
      { text: 'Maria should call the vendor tomorrow.', owner: 'Maria', due: 'tomorrow' },
      { text: "Let's ship it by the end of the month.", owner: 'Team', due: 'the end of the month' },
      { text: 'Please check the numbers before 2024-06-01.', due: '2024-06-01' },
    ]);
  });
});
