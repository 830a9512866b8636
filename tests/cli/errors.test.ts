// The CLI's one renderer of errors, as the writer meets it: the words in their language, the exit code, the
// `--json` line of a step that failed, and nothing for a failure the command does not expect (thrown on).
import { describe, expect, it } from 'vitest';
import { GenerationError, tooLargeRefusal } from '../../engine/index.js';
import { cliFailure } from '../../cli/errors.js';

describe('cliFailure', () => {
  it('an import refused for its size: one line in Malay for a Malay writer, exit 2', () => {
    const refusal = tooLargeRefusal('novel.docx', 80 * 1024 * 1024);
    const ms = cliFailure(refusal, 'ms', { expects: ['import'] });
    const en = cliFailure(refusal, 'en', { expects: ['import'] });
    expect(ms?.exitCode).toBe(2);
    expect(ms?.lines).toHaveLength(1);
    expect(ms?.lines[0]).toMatch(/^karya: .*novel\.docx/);
    expect(ms?.lines[0]).not.toBe(en?.lines[0]);
  });

  it('a step that failed: exit 1, the command sentence on stderr, the code and part on the --json line', () => {
    const failed = new GenerationError('refused', { status: 400 });
    const failure = cliFailure(failed, 'en', {
      step: {
        words: ({ message, status }) => `chapter 2 failed: ${message} (HTTP ${status})`,
        json: { part: 'chapter:2' },
      },
    });
    expect(failure?.exitCode).toBe(1);
    expect(failure?.lines[0]).toMatch(/^karya: chapter 2 failed: .+ \(HTTP 400\)$/);
    expect(failure?.json).toMatchObject({ code: 'refused', part: 'chapter:2' });
  });

  it('a failure the command does not expect is not said here', () => {
    expect(cliFailure(new Error('disk on fire'), 'en', { expects: ['import', 'spec'] })).toBeUndefined();
    expect(cliFailure(tooLargeRefusal('a.txt', 80 * 1024 * 1024), 'en', { expects: ['spec'] })).toBeUndefined();
    expect(cliFailure(new GenerationError('refused'), 'en', { expects: ['import'] })).toBeUndefined();
  });
});
