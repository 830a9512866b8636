// The catalogue's messages about a run's budget of model calls (engine/budget.ts): the stop when the model keeps
// failing or the calls reach their bound, and the words naming the failure the model kept giving.
import { catalogue } from './languages/index.js';

export const BUDGET_CATALOGUE = catalogue('errors-budget', [
  // {failure} is one of the budget_failure_* lines below, in the message's language (engine/errors.ts
  // generationMessage).
  'run_failing',
  'run_over_budget',
  'budget_failure_refused',
  'budget_failure_wrong_language',
  'budget_failure_too_short',
  'budget_failure_rate_limited',
  'budget_failure_server_error',
  'budget_failure_empty',
  'budget_failure_not_text',
  'budget_failure_network',
  'budget_failure_timeout',
  'budget_failure_other',
]);
