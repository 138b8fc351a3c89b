import { readFileSync } from 'node:fs';

// Test support (not a test): sentences with known languages for the langid test and benchmark —
// fixtures/json/langid-sentences.json (four meeting sentences in ten languages) plus the set below.

export interface Sentence {
  language: string;
  text: string;
}

// The fixture covers ten languages; these add one everyday sentence in more of the service's STT/TTS
// languages, so label mapping (he, no, zh, sw, ...) is exercised too.
export const MORE_SENTENCES: Sentence[] = [
  { language: 'zh', text: '我们明天上午九点开会，请准时参加。' },
  { language: 'ko', text: '회의는 내일 아침 아홉 시에 시작합니다.' },
  { language: 'ar', text: 'يبدأ الاجتماع غدا في الساعة التاسعة صباحا.' },
  { language: 'hi', text: 'बैठक कल सुबह नौ बजे शुरू होगी।' },
  { language: 'tr', text: 'Toplantı yarın sabah saat dokuzda başlayacak.' },
  { language: 'sv', text: 'Mötet börjar klockan nio i morgon bitti.' },
  { language: 'fi', text: 'Kokous alkaa huomenna aamulla kello yhdeksän.' },
  { language: 'cs', text: 'Schůzka začne zítra ráno v devět hodin.' },
  { language: 'el', text: 'Η συνάντηση αρχίζει αύριο το πρωί στις εννέα.' },
  { language: 'he', text: 'הפגישה מתחילה מחר בבוקר בשעה תשע.' },
  { language: 'uk', text: 'Зустріч розпочнеться завтра о дев’ятій ранку.' },
  { language: 'vi', text: 'Cuộc họp bắt đầu lúc chín giờ sáng mai.' },
  { language: 'id', text: 'Rapat akan dimulai besok pagi pukul sembilan.' },
  { language: 'hu', text: 'A megbeszélés holnap reggel kilenckor kezdődik.' },
  { language: 'da', text: 'Mødet begynder i morgen klokken ni om morgenen.' },
  { language: 'no', text: 'Møtet begynner klokka ni i morgen tidlig, og alle må komme.' },
  { language: 'ro', text: 'Ședința începe mâine dimineață la ora nouă.' },
  { language: 'th', text: 'การประชุมจะเริ่มพรุ่งนี้เช้าเวลาเก้าโมง' },
  { language: 'fa', text: 'جلسه فردا صبح ساعت نه شروع می‌شود.' },
  { language: 'sw', text: 'Mkutano utaanza kesho asubuhi saa tatu.' },
];

export function langidSentences(): Sentence[] {
  const url = new URL('../../../../fixtures/json/langid-sentences.json', import.meta.url);
  const fixture = JSON.parse(readFileSync(url, 'utf8')) as { sentences: Sentence[] };
  return [...fixture.sentences, ...MORE_SENTENCES];
}
