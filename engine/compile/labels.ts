// Part labels, in one place: the name of every step and part of a book ("Introduction", "Chapter 3" /
// "Bab 3", a fixed section's name, "Conclusion"), the submit button's words and the outline toast.
import type { Lang, BookSpec } from '../spec/types.js';
import { word } from '../i18n.js';
import { wordIn } from '../languages/index.js';
import { conclusionPosition } from '../spec/conclusion.js';
import type { Step } from './step.js';

/** "Introduction", "Chapter 3" / "Bab 3", a fixed section's name, "Conclusion". */
export function stepLabel(step: Step, lang: Lang, spec?: BookSpec): string {
  switch (step.kind) {
    case 'outline':
      return word(spec?.flow.outline === 'guide' ? 'guideOutline' : 'storyOutline', lang);
    case 'introduction':
      return word('introduction', lang);
    case 'chapter':
      return step.section
        ? wordIn(step.section.label, lang, `section ${step.section.id}`)
        : word('chapter', lang, { n: step.position });
    case 'conclusion':
      return word('conclusion', lang);
    default:
      return spec ? wordIn(spec.prompts.outputName, lang, `${spec.id} prompts.outputName`) : '';
  }
}

/** The default chapter title ("Chapter n") used when the user leaves the title blank. */
export function defaultChapterTitle(step: Step, lang: Lang): string {
  return 'position' in step && step.kind === 'chapter'
    ? word('chapter', lang, { n: step.position })
    : stepLabel(step, lang);
}

/** The submit button's label for a step; "Generating..." while loading. */
export function buttonLabel(spec: BookSpec, step: Step | null, lang: Lang, isLoading = false): string {
  if (isLoading) return word('generating', lang);
  if (!step) return word('bookComplete', lang);
  switch (step.kind) {
    case 'outline':
      return word(spec.flow.outline === 'guide' ? 'generateGuideOutline' : 'generateStoryOutline', lang);
    case 'introduction':
      return word('generateIntroduction', lang);
    case 'chapter':
      return word('generateChapter', lang, { n: step.position });
    case 'conclusion':
      return word('generateConclusion', lang);
    default:
      return spec.buttonLabel ? wordIn(spec.buttonLabel, lang, `${spec.id} buttonLabel`) : word('generate', lang);
  }
}

/** The toast after an outline: "Story outline generated!" / "Rangka cerita telah dijana!". */
export function outlineToast(spec: BookSpec, lang: Lang): string {
  return word(spec.flow.outline === 'guide' ? 'guideOutlineDone' : 'storyOutlineDone', lang);
}

/** The step that wrote the `index`-th part of a book (0 the introduction, then chapters, then the conclusion). */
export function partStep(spec: BookSpec, index: number, totalChapters: number): Step {
  if (spec.kind === 'image') return { kind: 'image' };
  if (spec.kind !== 'book') return { kind: 'single' };
  if (index === 0) return { kind: 'introduction', position: 0 };
  const end = conclusionPosition(spec.flow, totalChapters);
  if (index >= end) return { kind: 'conclusion', position: end };
  const section = spec.flow.sections?.[index - 1];
  return section ? { kind: 'chapter', position: index, section } : { kind: 'chapter', position: index };
}

/** The heading of the `index`-th finished part of a book. */
export function partLabel(spec: BookSpec, index: number, totalChapters: number, lang: Lang): string {
  return stepLabel(partStep(spec, index, totalChapters), lang, spec);
}
