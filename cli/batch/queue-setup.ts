// Why a queued batch (`karya batch --queue`) cannot start, as data, worded in the batch's language when said.
import { KaryaError, type Lang } from '../../engine/index.js';
import { batchWord } from '../batch-words.js';

/**
 * What keeps a queued batch from starting before anything is written, as data: a setting refused (its own error) or no
 * database named; `messageIn` words it in the batch's language (--lang's, else as its other messages).
 */
export class QueuedBatchSetupError extends KaryaError {
  readonly code = 'queue_setup';
  constructor(readonly why: { setting: KaryaError } | { noDatabase: true }) {
    super('setting' in why ? why.setting.message : batchWord('queueNoDatabase', 'en'));
    this.name = 'QueuedBatchSetupError';
  }

  override messageIn(lang: Lang): string {
    return 'setting' in this.why ? this.why.setting.messageIn(lang) : batchWord('queueNoDatabase', lang);
  }
}
