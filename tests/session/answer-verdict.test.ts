// The verdict on one answer (engine/session/answers/verdict.ts, engine/session/answers/text.ts, language.ts), as
// tables: what
// is a refusal and what is the text's own, what is the request sent back and what is the book repeated, which
// fences are unwrapped, what an open reasoning block keeps, and which scripts are another language.
import { describe, expect, it } from 'vitest';
import { answerText, isEcho, judgeRefusal, openReasoning, scriptLanguageOf, unfenced } from '../../engine/index.js';

describe('refusals', () => {
  it.each([
    ["I'm sorry, but I can't help with that request."],
    ['I’m sorry, but I cannot write explicit content. If you would like, I can write a version that fades to black.'],
    ['As an AI language model, I cannot create content of this kind.'],
    ['I must decline to write this chapter.'],
    ['Maaf, saya tidak dapat membantu dengan permintaan itu.'],
    ['Saya minta maaf, tetapi saya tidak boleh menulis kandungan seperti ini.'],
  ])('%s: refused', (answer) => {
    expect(judgeRefusal(answer).refused).toBe(true);
  });

  it.each([
    ["I'm sorry, but I can't love you the way you want me to.\n\nThe rain fell on the harbour all night."],
    ['"I\'m sorry, but I can\'t help you," she said, and closed the door.'],
    ['Maaf, saya tidak dapat datang esok, tulis Aisyah dalam suratnya kepada Daniel.'],
    [
      `I'm sorry, but I can't help with that, Daniel said to ` +
        `himself. ${'The harbour lights came on one by one. '.repeat(40)}`,
    ],
  ])("%s: the text's own", (answer) => {
    expect(judgeRefusal(answer).refused).toBe(false);
  });

  it('a refusal before the text it then gives is taken off', () => {
    const verdict = judgeRefusal(
      "I can't write explicit content, but here is a version that " +
        'keeps it tasteful:\n\nThe door closed softly behind them.',
    );
    expect(verdict).toEqual({ refused: false, text: 'The door closed softly behind them.' });
  });
});

describe('echoes', () => {
  const request = {
    system:
      'You are an expert writer and editor who writes whole books ' +
      'for authors, self-publishers, parents, teachers and learners.',
    user:
      'Write Chapter 1 of 3, titled "First Light", of a book (genre: Romance).\nThe previous part ' +
      'ended like this; continue from here without repeating it:\nAisha closed the shop and walked ' +
      'down to the harbour where the boats were tied.\n\n## Characters\n- Aisha | the lead\n\n## ' +
      'Established facts\n- The shop is old.\nMove the plot forward as the outline plans for this ' +
      'chapter, with scenes, dialogue and a closing beat that leads into the next chapter.',
  };
  const book = ['Aisha closed the shop and walked down to the harbour where the boats were tied.'];
  const prose =
    'The morning came grey over the water. Aisha counted the lanterns twice ' +
    'and still found one missing, the blue one her father had painted.';

  it.each([
    ['the system prompt sent back before the chapter', `${request.system}\n\n${prose}`, true],
    ['the whole request sent back', `${request.system}\n\n${request.user}`, true],
    [
      "the bible's sections as the chapter's headings",
      `## Characters\n\n${prose}\n\n## Established facts\n\n${prose}`,
      true,
    ],
    ['a chapter of its own', prose, false],
    ["a chapter that repeats the previous ending it was given (the book's own words)", `${book[0]} ${prose}`, false],
  ])('%s: echoed %s', (_name, answer, expected) => {
    expect(isEcho(answer, request, { kind: 'prose', material: () => book })).toBe(expected);
  });

  it('a copyright page that uses the rights notice and disclaimer it was told to use is no echo', () => {
    const asked = {
      system:
        'You are an expert writer and editor who writes polished short ' +
        'pieces for authors, self-publishers, parents, teachers and learners.',
      user:
        'Write a copyright page.\nWrite the copyright page of "Harbour Lights" by Aisha Rahman, ' +
        'ready to print on the back of the title page. Use short lines and paragraphs, in this ' +
        'order:\n- the rights notice: all rights reserved; no part of the book may be reproduced, ' +
        'stored or transmitted in any form or by any means without the prior written permission of ' +
        'the author, except brief quotations in reviews and other uses permitted by copyright law;\n' +
        '- a disclaimer suited to the book: for fiction, that names, characters and events are the ' +
        "product of the author's imagination and any resemblance to real people is coincidental;",
    };
    const page =
      'Harbour Lights\n\nCopyright © 2026 Aisha Rahman\n\nAll rights reserved; no part of the ' +
      'book may be reproduced, stored or transmitted in any form or by any means without the ' +
      'prior written permission of the author, except brief quotations in reviews and other ' +
      'uses permitted by copyright law.\n\nNames, characters and events are the product of ' +
      "the author's imagination and any resemblance to real people is coincidental.";
    expect(isEcho(page, asked, { kind: 'prose', material: () => ['Harbour Lights', 'Aisha Rahman'] })).toBe(false);
  });

  describe('a request that carries a whole chapter (a story-bible update)', () => {
    const chapter = Array.from(
      { length: 12 },
      (_, i) =>
        `Aisha walked the length of pier ${i + 1} before the tide ` +
        `came in, counting the boats that had come home and the ` +
        `ones that had not. The harbour master raised a hand to her from his window.`,
    ).join('\n\n');
    const instructions =
      'Update the story bible of a book (genre: Romance) that is being written, so that the ' +
      'next chapters keep every name, place and fact the same as the chapter just written says.';
    const shape =
      'Answer in English, in exactly this shape and with no preamble: under a heading for the ' +
      'people, one line for each person the chapter names, with their part in the story, where ' +
      'they are at its end and the chapter they first appear in; under a heading for the facts, ' +
      'one line for each fact a later chapter must keep, such as a place, a date, a promise or a ' +
      'scar; nothing else at all, and no line for a person or a fact the chapter does not give.';
    const asked = {
      system: request.system,
      user: `${instructions}\n\nThe part just written (Chapter 1):\n${chapter}\n\n${shape}`,
    };
    const expectation = { kind: 'bible' as const, material: () => [chapter], ownMaterial: () => [chapter] };

    it.each([
      ["the chapter it was given, word for word (the book's own)", chapter, false],
      [
        'a bible of its own',
        '## Characters\n- Aisha | the lead | on the piers | Chapter 1\n## ' +
          'Established facts\n- The harbour master watches from his window.',
        false,
      ],
      ['the request sent back, chapter and all', asked.user, true],
      ['the instructions after the chapter sent back', `## Characters\n- Aisha\n\n${shape}`, true],
      ["a bible that opens on the request's first words", `${instructions}\n\n## Characters\n- Aisha`, true],
    ])('%s: echoed %s', (_name, answer, expected) => {
      expect(isEcho(answer, asked, expectation)).toBe(expected);
    });
  });

  it("a story-bible update may repeat the bible's headings it was asked for", () => {
    expect(
      isEcho(
        '## Characters\n- Aisha | the lead | at the harbour | Chapter 1\n## Established facts\n- The shop is old.',
        request,
        { kind: 'bible', material: () => book },
      ),
    ).toBe(false);
  });
});

describe('fences and reasoning', () => {
  it.each([
    ['```markdown\n# Rain\n\nRain fell.\n```', '# Rain\n\nRain fell.'],
    ['```\nRain fell.\n```', 'Rain fell.'],
    ['```md\nRain fell.', 'Rain fell.'],
    ['```python\nprint(1)\n```', '```python\nprint(1)\n```'],
    ['Rain fell.\n\n```\ncode\n```\n\nMore rain.', 'Rain fell.\n\n```\ncode\n```\n\nMore rain.'],
  ])('%j unwraps to %j', (answer, text) => {
    expect(unfenced(answer)).toBe(text);
  });

  it('a fenced answer with an announcement before it is the prose', () => {
    expect(
      answerText(
        "Sure! Here's Chapter 1 of your story:\n\n```markdown\n" +
          'Rain fell on the harbour.\n```\n\nI hope you enjoyed it!',
      ),
    ).toBe('Rain fell on the harbour.');
  });

  it.each([
    [
      '<think>\nOkay, the user wants rain.\n\nI should keep it short?\n\nRain fell on the harbour.\n\nAisha waited.',
      'Rain fell on the harbour.\n\nAisha waited.',
    ],
    [
      '<think>\nPengguna mahukan hujan. Saya perlu menulis bab ini.\n\n---\n\nHujan turun di pelabuhan.',
      'Hujan turun di pelabuhan.',
    ],
    ['<think>\nOkay, the user wants rain. Let me plan the scenes.', ''],
  ])('an open reasoning block keeps the prose after it: %j', (answer, prose) => {
    expect(openReasoning(answer)?.prose).toBe(prose);
    expect(answerText(answer)).toBe(prose);
  });
});

describe('another script is another language', () => {
  it.each([
    ['雨一直下着，港口的灯一盏一盏亮了起来。她把信折了两次，放进外套的口袋里。他在旧书店门口等着。', 'zh'],
    ['雨が降っていた。港の明かりが一つずつ灯った。彼女は手紙を二回折って、コートのポケットに入れた。', 'ja'],
    [
      'Дождь шёл всю ночь над гаванью, и огни города зажигались один за ' +
        'другим, пока она ждала его у старого книжного магазина на углу улицы.',
      'ru',
    ],
    [
      'துறைமுகத்தின் மேல் இரவு முழுவதும் மழை பெய்தது, நகரத்தின் விளக்குகள் ' +
        'ஒவ்வொன்றாக எரிந்தன, அவள் பழைய புத்தகக் கடையில் காத்திருந்தாள்.',
      'ta',
    ],
  ])('%s: %s', (text, language) => {
    expect(scriptLanguageOf(text)?.language).toBe(language);
  });

  it('a Malay story with a shop sign in Jawi and a name in Chinese is still Malay', () => {
    const text =
      `${'Aisyah berjalan ke kedai buku lama di hujung jalan sambil memikirkan surat ayahnya. '.repeat(6)}Papan ` +
      `tanda kedai itu bertulis کتاب dan nama tuan kedai, 陈, tertulis di bawahnya.`;
    expect(scriptLanguageOf(text)).toBeUndefined();
  });
});
