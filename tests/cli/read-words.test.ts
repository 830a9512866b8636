// A command that looks for something says it looked, not that it could not write: `karya validate` of a folder that is
// not there says the path is missing (no "cannot be created"), and `karya source` with no state file says there is no
// book to show the source of (not "to map"), in the writer's language.
import { describe, expect, it } from 'vitest';
import { runKaryaInProcess } from '../karya-in-process.js';
import { tempDir } from '../temp.js';

const cases = [
  {
    env: { LC_ALL: 'en_US.UTF-8' },
    missing: 'no such file or folder; check the path',
    source: 'no saved book to show the source of',
  },
  {
    env: { LC_ALL: 'ms_MY.UTF-8' },
    missing: 'tiada fail atau folder sedemikian; semak laluannya',
    source: 'untuk ditunjukkan sumbernya',
  },
  {
    env: { LC_ALL: 'id_ID.UTF-8' },
    missing: 'tidak ada berkas atau folder itu; periksa jalurnya',
    source: 'untuk ditampilkan sumbernya',
  },
];

describe('a missing path read, said as read', () => {
  it.each(cases)(
    'validate of a missing folder and source with no state file ($env.LC_ALL)',
    async ({ env, missing, source }) => {
      const cwd = tempDir('karya-read-words-');
      const validate = await runKaryaInProcess(['validate', 'tiada'], { env, cwd });
      expect(validate.code).not.toBe(0);
      expect(validate.stderr).toContain(`tiada: ${missing}`);
      expect(validate.stderr).not.toMatch(/created|dicipta|dibuat/);
      const shown = await runKaryaInProcess(['source', '--book', '1', '--state', 'none.db'], { env, cwd });
      expect(shown.code).toBe(2);
      expect(shown.stderr).toContain(source);
      expect(shown.stderr).not.toMatch(/to map|dipetakan/);
    },
    60_000,
  );
});
