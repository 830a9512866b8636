// A language of another script with words of its own, as a maintainer adds one (docs/add-a-language.md), as a folder
// of data for KARYA_LANGUAGES: Russian's words (Cyrillic; plural forms one, few, many; "Глава 1", "Часть первая",
// «guillemets») under the tests' code "xx", built on tests/languages/fourth-language.ts (Indonesian's files) with
// every reading-side file worded again. Used by tests/languages/other-script.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fullYaml } from '../../engine/yaml.js';
import { fourthLanguage } from './fourth-language.js';

/** Its reading section (engine/reading-words.ts): Russian's part words, numbers written out, labels and headings. */
export const RU_READING = String.raw`
parts: {
    chapter: 'глава|гл\.', plural: 'главы|глав|части|частей', section: 'раздел', part: 'часть|действие',
    book: 'книга|том', introduction: 'введение|вступление', conclusion: 'заключение', prologue: 'пролог',
    epilogue: 'эпилог'
  }
numbers:
  words: {
      один: 1, одна: 1, два: 2, две: 2, три: 3, четыре: 4, пять: 5, шесть: 6, семь: 7, восемь: 8, девять: 9,
      десять: 10, одиннадцать: 11, двенадцать: 12, двадцать: 20, тридцать: 30, первый: 1, первая: 1, первое: 1,
      второй: 2, вторая: 2, второе: 2, третий: 3, третья: 3, третье: 3, четвёртый: 4, четвёртая: 4, четвертая: 4,
      пятый: 5, пятая: 5, шестой: 6, шестая: 6, седьмой: 7, седьмая: 7, восьмой: 8, восьмая: 8, девятый: 9,
      девятая: 9, десятый: 10, десятая: 10, одиннадцатая: 11, двенадцатая: 12, двадцатая: 20
    }
  plusTen: []
  timesTen: []
  ordinalPrefix: []
  scales: { сто: 100, тысяча: 1000 }
  joiners: []
  articles: []
outline:
  title: '(?:рабочее\s+)?название(?:\s+книги)?|заглавие'
  premise: 'завязка|замысел|синопсис|краткое\s+содержание|аннотация'
  characters: '(?:главные\s+)?(?:персонажи|герои)'
  ending: 'финал|концовка|развязка|окончание'
  entries: 'главы|план\s+глав|поглавный\s+план|план|сюжет'
  other: 'место\s+действия|темы?|тон|жанр|стиль|примечания?|обещания'
  chapterTitle: 'название(?:\s+главы)?|заголовок'
  planColumn: 'содержание|план|события|описание'
  wordUnit: 'слов(?:а|о)?'
  noun: 'план|набросок|черновик'
  chatter: 'дайте\s+знать|надеюсь|если\s+хотите|хотите\s+ли\s+вы|могу\s+также'
  interjection: 'конечно|разумеется|отлично|хорошо'
  announcer: 'вот|ниже\s+(?:приведён|приведен|представлен)'
  endingPhrase: 'в\s+конце\s+концов|в\s+итоге|книга\s+заканчивается|история\s+заканчивается'
  json: {
      title: 'название|заглавие', premise: 'завязка|синопсис', characters: 'персонажи|герои', chapters: 'главы|план',
      threads: 'обещания|линии', ending: 'финал|развязка', chapterTitle: 'название|заголовок',
      chapterPlan: 'содержание|план|описание', characterName: 'имя', characterRole: 'роль|описание',
      thread: 'линия|обещание', opened: 'открыта|начата', due: 'срок|развязка'
    }
bible:
  premise: 'завязка|замысел'
  ending: 'задуманный\s+финал|финал'
  chapters: 'главы\s+до\s+сих\s+пор|главы|сюжет\s+до\s+сих\s+пор'
  arcs: 'прежние\s+арки|арки'
  chapter: 'эта\s+глава|глава|новая\s+глава'
  arc: 'арка|новая\s+арка'
  characters: 'персонажи|герои|главные\s+герои'
  threads: 'открытые\s+линии|сюжетные\s+линии|линии|обещания'
  facts: 'установленные\s+факты|факты'
  replaced: 'заменено|больше\s+не\s+верно'
  summary: 'краткое\s+содержание|что\s+произошло'
  open: 'открыта|открыто|не\s+решена'
  advanced: 'развивается|продвинулась'
  resolved: 'решена|закрыта|разрешена|исполнена'
  dropped: 'оставлена|брошена'
  at: 'в|во'
  opened: 'открыта(?:\s+в)?'
  since: 'с|после'
  due: 'срок(?:\s+в)?|ожидается(?:\s+в)?'
  copula: 'есть|был|была|было|были|живёт|живет|стоит|зовут|называется'
brief: {
    chapterNotes: 'заметки\s+к\s+главам', avoid: 'избегать|запрещённые\s+фразы', title: 'название',
    characters: 'персонажи|герои', pointOfView: 'точка\s+зрения'
  }
headings: {
    characterDetails: 'о\s+персонажах', characterList: 'персонажи|главные\s+герои', chapterPlan: 'план\s+главы'
  }
front: 'обложка|титульный\s+лист|оглавление|содержание|авторские\s+права'
`;

/** Its import headings (engine/import/heading-words.ts). */
export const RU_IMPORT_HEADINGS = String.raw`
chapter: 'глава'
part: 'часть|книга'
letter: 'письмо'
prologue: 'пролог'
epilogue: 'эпилог'
introduction: 'введение|вступление'
preface: 'предисловие'
foreword: 'вступительное слово|от издателя'
authorsNote: 'от автора|примечание автора'
dedication: 'посвящение'
epigraph: 'эпиграф'
acknowledgements: 'благодарности'
contents: 'содержание|оглавление'
byline: 'автор|сочинение'
subtitle: 'или'
dedicatedTo: 'посвящается'
dedicated: 'посвящается|посвящаю'
titleLabel: 'название'
authorLabel: 'автор'
copyright: 'авторские права|все права защищены'
theEnd: 'конец'
titlePageLine: 'роман|повесть|рассказы'
`;

export const RU_BOOK = [
  'chapter: Глава',
  'chapters: Главы',
  'book: Книга',
  'since: с',
  'due: срок',
  "gone: 'умер|умерла|погиб|погибла|убит|убита|похоронен|похоронена|уехал навсегда'",
  '',
].join('\n');

export const RU_STORY_BIBLE = {
  premise: 'Завязка',
  ending: 'Задуманный финал',
  chapters: 'Главы до сих пор',
  arcs: 'Прежние арки',
  characters: 'Персонажи',
  threads: 'Открытые линии',
  facts: 'Установленные факты',
  replaced: 'Больше не верно',
  open: 'открыта',
  advanced: 'развивается',
  resolved: 'решена',
  dropped: 'оставлена',
  character: 'персонаж',
  fact: 'факт',
  thread: 'линия',
  changeGone: 'больше нет',
  changeAdded: 'новое',
  dueIn: '- {thread} (срок {at})',
  wasDueIn: '- {thread} (срок был {at})',
  storyBible: 'Библия истории',
};

const RU_ANSWERS = {
  interjections: ['конечно', 'разумеется', 'хорошо', 'отлично', 'с удовольствием'],
  announcers: ['вот', 'ниже приведена', 'ниже приведён', 'я написал', 'я написала', 'как вы просили'],
  answerNouns: ['глава', 'главу', 'история', 'историю', 'текст', 'продолжение', 'план', 'версия', 'вступление'],
  closingRemarks: [
    'надеюсь, вам',
    'надеюсь, эта',
    'дайте знать',
    'если хотите',
    'хотите ли вы',
    'приятного чтения',
    'количество слов:',
  ],
  notesAfterRule: ['примечание:', 'примечание автора:'],
  refusals: [
    'извините, я не могу',
    'простите, но я не могу',
    'к сожалению, я не могу',
    'я не могу помочь',
    'я не могу написать',
    'как языковая модель',
    'как ии',
  ],
  refusalTopics: [
    'запрос',
    'помочь',
    'написать',
    'создать',
    'контент',
    'правила',
    'откровенн',
    'насили',
    'языковая модель',
    'ассистент',
    'история',
    'глава',
  ],
  reasoningMarkers: ['пользователь', 'мне нужно', 'я должен', 'я должна', 'сначала', 'подождите', 'эта глава должна'],
  assistantOpeners: ['как языковая модель', 'как ии', 'как ассистент', 'я языковая модель', 'надеюсь, это поможет'],
  assistantDeclines: ['я не могу описать', 'я не могу подробно'],
  talkTopics: [
    'запрос',
    'контент',
    'правила',
    'языковая модель',
    'ассистент',
    'история',
    'глава',
    'сцена',
    'продолжение',
    'черновик',
  ],
  recipeUnits: [
    'стакан',
    'столовая ложка',
    'чайная ложка',
    'грамм',
    'г',
    'кг',
    'мл',
    'литр',
    'штука',
    'зубчик',
    'щепотка',
  ],
  recipeHeadings: ['ингредиенты', 'приготовление', 'способ приготовления'],
  reasoningAnywhere: ['пользователь', 'этот запрос'],
};

/** Its guard: a family of its own, Russian's function words. */
const RU_GUARD = {
  family: 'xx-family',
  functionWords: [
    'и в во не на я он она они мы вы ты что как это с со к а но за по из от до у же бы ли ни то его её ',
    'ее их ему ей им мне меня тебя себя был была было были быть есть так уже ещё еще только или если ',
    'когда где чтобы потому тоже даже очень там тут здесь всё все весь этот эта эти тот та те который ',
    'которая которые для при без над под после перед между через',
  ].join(''),
};

const RU_SAMPLES = [
  'Правительство Москвы объявило о продлении ремонта на Садовом кольце до конца сентября из-за сильных дождей.',
  'Центральный банк сохранил ключевую ставку на уровне шестнадцати процентов, сообщил регулятор в пятницу.',
  'В Новосибирске полиция задержала двух мужчин, подозреваемых в краже автомобилей на окраине города.',
  'Сборная России по хоккею обыграла команду Финляндии со счётом три на один в товарищеском матче в Санкт-Петербурге.',
  'Синоптики предупредили жителей Приморья о сильном ветре и снегопаде, которые ожидаются в ближайшие выходные.',
  'Министерство образования открыло приём заявок на гранты для молодых учителей из сельских школ.',
  'На Урале начался сезон сбора грибов, и местные жители уже жалуются на нехватку мест для парковки у лесных дорог.',
  'Цены на гречку в крупных сетевых магазинах выросли почти на десять процентов за последний месяц.',
  '«Мы сделаем всё, чтобы помощь дошла до каждого пострадавшего», — заявил губернатор области журналистам.',
  'Театр в Казани покажет новую постановку по роману Достоевского уже в следующем месяце.',
  'В Петербурге открылась выставка старинных карт, которые никогда прежде не показывали публике.',
  'Учёные из Томска нашли способ быстрее очищать воду от тяжёлых металлов с помощью обычного торфа.',
  'Жители нескольких деревень в Тверской области второй день остаются без электричества после урагана.',
  'Аэропорт Шереметьево временно ограничил приём рейсов из-за густого тумана, сообщили в его пресс-службе.',
  'Известный актёр рассказал, что снимается в новом фильме о жизни рыбаков на Камчатке.',
  'Суд приговорил бывшего чиновника к восьми годам заключения за взятку при строительстве моста.',
  'В Сочи завершился международный фестиваль молодёжи, на который приехали студенты из сорока стран.',
  'Городские власти Екатеринбурга пообещали отремонтировать все детские площадки в центре города до лета.',
  'Фермеры Краснодарского края собрали рекордный урожай пшеницы, несмотря на засуху в начале лета.',
  'Новая линия метро в Москве соединит два крупных района на юге столицы уже к концу года.',
];

const RU_CONTINUITY = String.raw`
acts: >-
  сказал сказала спросил спросила ответил ответила крикнул крикнула прошептал прошептала засмеялся засмеялась
  улыбнулся улыбнулась кивнул кивнула пошёл пошла вошёл вошла встал встала повернулся повернулась
notPresent: >-
  вспомнил|вспомнила|воспоминани[ея]|сон|снилось|призрак|могил[аеу]|похорон|фотографи[яи]|портрет|письмо\s+от
notNames: >-
  январь февраль март апрель май июнь июль август сентябрь октябрь ноябрь декабрь
  понедельник вторник среда четверг пятница суббота воскресенье
  господин госпожа доктор капитан отец мать дядя тётя брат сестра
  север юг восток запад утро вечер ночь сегодня завтра вчера
familyEndings: [ы, ых]
familyWords: семья семьи
`;

/**
 * The fixture folder: xx.yaml and xx/, Indonesian's files (fourth-language.ts) with the table saying Cyrillic and
 * Russian's rate and locale, and the reading side worded in Russian: reading, import headings, book, story bible,
 * answers, guard and samples, continuity words, the demo's mark, the EPUB and Word tags, a counted text in its
 * forms (one, few, many).
 */
export function otherScriptLanguage(): string {
  const dir = fourthLanguage();
  const file = (name: string) => path.join(dir, name);
  const edit = (name: string, change: (text: string) => string) =>
    writeFileSync(file(name), change(readFileSync(file(name), 'utf8')));
  edit(
    'xx.yaml',
    (t) =>
      t
        .replace(/^autonym: .*$/m, 'autonym: Русский')
        .replace(/^  xx: .*$/m, '  xx: русский')
        .replace(/^script: .*$/m, 'script: cyrillic')
        .replace(/^tokensPerWord: .*$/m, 'tokensPerWord: 2.1'), // 1.81 measured (o200k) on its prose, rounded up
  );
  writeFileSync(file('xx/reading.yaml'), RU_READING);
  writeFileSync(file('xx/import-headings.yaml'), RU_IMPORT_HEADINGS);
  writeFileSync(file('xx/book.yaml'), RU_BOOK);
  writeFileSync(file('xx/story-bible.yaml'), fullYaml().stringify(RU_STORY_BIBLE));
  writeFileSync(file('xx/answers.yaml'), fullYaml().stringify(RU_ANSWERS));
  writeFileSync(file('xx/guard.yaml'), fullYaml().stringify(RU_GUARD));
  writeFileSync(file('xx/samples.yaml'), fullYaml().stringify({ guard: RU_SAMPLES }));
  writeFileSync(file('xx/continuity-words.yaml'), RU_CONTINUITY);
  edit('xx/offline-demo.yaml', (t) =>
    t.replace(
      /^mark: .*$/m,
      'mark: "*Демонстрационный текст без сети: его не писала модель ИИ. Задайте OPENAI_API_KEY.*"',
    ),
  );
  edit('xx/publishing.yaml', (t) => t.replace(/^  epub: xx$/m, '  epub: ru').replace(/^  word: xx$/m, '  word: ru-RU'));
  edit('xx/studio.yaml', (t) => t.replace(/^locale: .*$/m, 'locale: ru-RU'));
  const forms = ['words:', '  one: "{n} слово"', '  few: "{n} слова"', '  many: "{n} слов"', '  other: "{n} слова"'];
  edit('xx/cli-voice.yaml', (t) => t.replace(/^words: .*\n/m, `${forms.join('\n')}\n`));
  return dir;
}
