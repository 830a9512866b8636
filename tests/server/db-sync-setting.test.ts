// KARYA_DB_SYNC (docs/api.md): `full` (the default) or `normal`; any other value stops `karya serve` and `karya worker`
// at start naming the variable, the value and what is allowed, as the server's other settings do, instead of meaning
// the default without a word.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../server/core/config.js';
import { ConfigError } from '../../server/index.js';
import { durableSync } from '../../server/store/sqlite/sync-level.js';

describe('KARYA_DB_SYNC', () => {
  it('takes full or normal, in any case, and unset means full', () => {
    for (const value of [undefined, '', 'full', 'FULL', ' normal ', 'Normal']) {
      expect(() => configFromEnv({ KARYA_DB_SYNC: value })).not.toThrow();
    }
    expect(durableSync({})).toBe('FULL');
    expect(durableSync({ KARYA_DB_SYNC: 'Normal' })).toBe('NORMAL');
    expect(durableSync({ KARYA_DB_SYNC: 'full' })).toBe('FULL');
  });

  it("refuses any other value, naming the variable, the value and the two allowed, in the operator's language", () => {
    let refused: unknown;
    try {
      configFromEnv({ KARYA_DB_SYNC: 'sometimes' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ConfigError);
    const error = refused as ConfigError;
    expect(error.code).toBe('config_one_of');
    expect(error.messageIn('en')).toBe('KARYA_DB_SYNC: "sometimes" must be one of full, normal');
    expect(error.messageIn('ms')).toBe('KARYA_DB_SYNC: "sometimes" mesti salah satu daripada full, normal');
    expect(error.messageIn('id')).toBe('KARYA_DB_SYNC: "sometimes" harus salah satu dari full, normal');
  });
});
