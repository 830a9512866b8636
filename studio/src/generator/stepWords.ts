// A book's steps in the words of the page's controls. The server labels a book's steps in the book's
// language (BookView: part headings, next.label, next.button, plan, progress.stepText): the headings
// inside the manuscript are the book's text and keep them. The controls around it (the button, the
// next-step heading, the Generation Process list, Writing Progress, the resume dialog) speak the studio
// language, so they word the same steps again here, from the engine's labels.
import {
  buttonLabel,
  stepLabel,
  word,
  type BookSpec,
  type BookView,
  type Lang,
  type Step,
  type StepRef,
} from '../engine.js';

/** The step a wire ref names, with its fixed section when the book has named sections. */
export function stepOf(spec: BookSpec, ref: StepRef): Step {
  const position = ref.position ?? 0;
  switch (ref.kind) {
    case 'outline':
      return { kind: 'outline' };
    case 'introduction':
      return { kind: 'introduction', position: 0 };
    case 'chapter': {
      const section = spec.flow.sections?.[position - 1];
      return section ? { kind: 'chapter', position, section } : { kind: 'chapter', position };
    }
    case 'conclusion':
      return { kind: 'conclusion', position };
    default:
      return { kind: ref.kind };
  }
}

/** "Chapter 3" / "Bab 3", "Introduction" / "Pengenalan"… in `lang`. */
export function stepWord(spec: BookSpec, ref: StepRef, lang: Lang): string {
  return stepLabel(stepOf(spec, ref), lang, spec);
}

/** The generate button's words for a book's next step ("Your book is complete." when there is none), in `lang`. */
export function nextButtonWord(spec: BookSpec, book: BookView, lang: Lang): string {
  return buttonLabel(spec, book.next ? stepOf(spec, book.next) : null, lang);
}
