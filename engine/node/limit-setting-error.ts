// An operator's whole-number limit of the environment refused (engine/node/worker-pool.ts limitFromEnv), as data.
import { KaryaError } from '../karya-error.js';
/**
 * An operator's limit (KARYA_EXPORT_WORKERS, …) the environment gives out of its range, as data: the variable, the
 * value given and what is allowed. Its code is the server's setting refusal (`config_whole_number`, catalogue
 * errors-config): the caller that starts (`karya serve`, `karya worker`) words it in its language; the engine does
 * not (it imports nothing of the server). Its `message` names the data alone, for logs.
 */
export class LimitSettingError extends KaryaError {
  readonly code = 'config_whole_number';
  constructor(override readonly params: Readonly<{ name: string; value: string; min: number; max: number }>) {
    super(`${params.name}="${params.value}" [${params.min}, ${params.max}]`);
    this.name = 'LimitSettingError';
  }
}
