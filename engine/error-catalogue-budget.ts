// The catalogue's messages about a run's budget of model calls (engine/budget.ts): the stop when the model keeps
// failing or the calls reach their bound, and the words naming the failure the model kept giving.
import { catalogue } from './languages/index.js';

export const BUDGET_CATALOGUE = catalogue('errors-budget', {
  // {failure} is one of the budget_failure_* lines below, in the message's language (engine/errors.ts generationMessage).
  run_failing: {
    en: 'The model failed {asks} times in a row ({failure}), so the run stopped after {calls} model calls. What was done is saved and nothing undelivered is charged. Start it again to go on from where it stopped, once the model or its settings are put right.',
    ms: 'Model gagal {asks} kali berturut-turut ({failure}), jadi larian dihentikan selepas {calls} panggilan model. Apa yang telah siap disimpan dan tiada caj untuk yang tidak dihantar. Mulakan semula untuk meneruskan dari tempat ia berhenti, setelah model atau tetapannya dibetulkan.',
  },
  run_over_budget: {
    en: 'The run stopped at its bound of {bound} model calls ({planned} planned): the model needed far more calls than planned. What was done is saved and nothing undelivered is charged. Start it again to go on from where it stopped, or set another bound with --max-calls (max_calls in a jobs file or an API request).',
    ms: 'Larian dihentikan pada hadnya sebanyak {bound} panggilan model ({planned} dirancang): model memerlukan jauh lebih banyak panggilan daripada yang dirancang. Apa yang telah siap disimpan dan tiada caj untuk yang tidak dihantar. Mulakan semula untuk meneruskan dari tempat ia berhenti, atau tetapkan had lain dengan --max-calls (max_calls dalam fail kerja atau permintaan API).',
  },
  budget_failure_refused: { en: 'refusals', ms: 'penolakan' },
  budget_failure_wrong_language: { en: 'answers in another language', ms: 'jawapan dalam bahasa lain' },
  budget_failure_too_short: { en: 'answers too short or too long', ms: 'jawapan terlalu pendek atau terlalu panjang' },
  budget_failure_rate_limited: { en: 'rate limits, HTTP 429', ms: 'had kadar, HTTP 429' },
  budget_failure_server_error: { en: 'server errors', ms: 'ralat pelayan' },
  budget_failure_empty: { en: 'empty answers', ms: 'jawapan kosong' },
  budget_failure_not_text: { en: 'answers that were not the text asked for', ms: 'jawapan yang bukan teks yang diminta' },
  budget_failure_network: { en: 'connection failures', ms: 'kegagalan sambungan' },
  budget_failure_timeout: { en: 'time-outs', ms: 'tamat masa' },
  budget_failure_other: { en: 'failed calls', ms: 'panggilan yang gagal' },
});
