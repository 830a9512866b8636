// English's listed three-word phrases models overuse in fiction ("slop"), read by the voice measure
// (voice/overused.ts) for a language whose table's voice section counts them (`threes: true`). Each language's
// overused phrases and words are its table's (languages/<code>/voice.yaml): for English, Karya's phrases (in the
// spirit of EQ-Bench's) and single words from EQ-Bench's longform-writing-bench slop list (data/slop_list.json),
// only the ones whose overuse is the models' signature; for Malay, written for Karya from the same habits in
// model Malay, not measured against a corpus of human Malay yet.
// Here: EQ-Bench's three-word list (data/slop_list_trigrams.json) as published, matched as they are on
//   the text with its stop words taken out ("her voice barely above a whisper" → "voice barely whisper").
// EQ-Bench (https://github.com/EQ-bench/longform-writing-bench), © Sam Paech, MIT licence.

/** EQ-Bench's three-word list, matched on the text without its stop words (STOP_WORDS_EN). */
export const OVERUSED_STRIPPED_EN: readonly string[] = [
  'voice barely whisper', 'took deep breath', 'could help feel', 'heart pounding chest', 'said voice barely', 'help feel sense', 'said voice low', 'voice barely audible',
  'asked voice barely', 'could shake feeling', 'casting long shadows', 'could help wonder', 'said voice steady', 'air thick scent', 'long shadows across', 'sun dipped horizon',
  'smile playing lips', 'days turned weeks', 'chill run spine', 'felt chill run', 'whispered voice barely', 'felt like eternity', 'shiver run spine', 'said voice filled',
  'spreading across face', 'leaned back chair', 'voice steady despite', 'unlike anything ever', 'felt shiver run', 'taking deep breath', 'breath caught throat', 'ready face whatever',
  'heart pounded chest', 'room fell silent', 'trying make sense', 'dipped horizon casting', 'said voice trembling', 'something else something', 'deep breath trying', 'asked voice trembling',
  'could feel weight', 'said voice firm', 'felt strange sense', 'words hung air', 'brow furrowed concentration', 'challenges lay ahead', 'something else entirely', 'voice low rumble',
  'sun began set', 'sent shiver spine', 'voice trembling slightly', 'eyes never leaving', 'growing sense unease', 'door creaked open', 'shake feeling something', 'air hung thick',
  'heart skipped beat', 'rain continued fall', 'sun hung low', 'said voice dripping', 'said voice soft', 'casting warm glow', 'eyes wide fear', 'renewed sense purpose',
  'trying keep voice', 'hung low sky', 'horizon casting long', 'smile spreading across', 'leaned forward eyes', 'anything ever seen', 'one thing certain', 'mind racing possibilities',
  'low sky casting', 'said voice laced', 'heart hammered ribs', 'hung heavy air', 'looked eyes filled', 'face whatever challenges', 'eyes filled mixture', 'road ahead would',
  'whispered voice trembling', 'felt sense peace', 'hung air heavy', 'air thick tension', 'newfound sense purpose', 'flicker something akin', 'grin spreading across', 'deep breath stepped',
  'eyes locked onto', 'dust motes danced', 'dimly lit room', 'small intricately carved', 'brow furrowed confusion', 'deep breath steeling', 'could help notice', 'eyes darting around',
  'sent shivers spine', 'keep voice steady', 'young woman named', 'said voice tinged', 'painting sky hues', 'eyes wide wonder', 'nodded mind racing', 'fingers flying across',
  'whatever challenges lay', 'figure emerged shadows', 'mind raced trying', 'knew road ahead', 'raised hand silencing', 'piercing blue eyes', 'felt strange sensation', 'said voice calm',
  'small smile playing', 'felt cold dread', 'mind racing questions', 'hung thick scent', 'sky casting long', 'mind racing implications', 'weeks weeks months', 'asked voice low',
  'chill ran spine', 'said trying sound', 'gaze sweeping across', 'asked voice laced', 'shiver ran spine', 'turned weeks weeks', 'spent countless hours', 'brow furrowed concern',
  'eyes wide mixture', 'resonated deep within', 'eyes widened surprise', 'air thick anticipation', 'breath catching throat', 'mind racing tried', 'deep breath feeling', 'replied voice steady',
  'eyes scanning room', 'felt growing sense', 'stepped forward voice', 'stammered voice barely', 'help feel twinge', 'knew chilling certainty', 'growing sense dread', 'intricately carved wooden',
  'heart heavy weight', 'words echoed mind', 'sighed running hand', 'scent damp earth', 'air thick smell', 'said voice smooth', 'began set casting', 'said voice echoing',
  'hand instinctively reaching', 'sense peace wash', 'smile tugging corners', 'said voice tight', 'could feel power', 'eyes wide terror', 'mind already racing', 'knuckles turning white',
  'felt glimmer hope', 'faint almost imperceptible', 'eyes widened shock', 'feel sense pride', 'tears streaming face', 'horizon painting sky', 'casting eerie glow', 'continued fall washing',
];

/** English stop words taken out before the three-word list is matched (the common function words, as NLTK's list). */
export const STOP_WORDS_EN: ReadonlySet<string> = new Set(
  ('i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves ' +
    'what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while ' +
    'of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there ' +
    'when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now d ll m o re ve y ' +
    "ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn").split(' '),
);

