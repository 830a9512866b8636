// What the Voice panel's parts (VoicePanel.tsx, VoiceSample.tsx, AvoidPhrases.tsx) share: the save of the book's
// voice and how a refusal comes back.
import type { Lang, VoiceBody } from '../engine.js';

/** A refused save: the server's message, and the field it names (the sample or the phrases to avoid). */
export interface VoiceFailure {
  field?: 'sample' | 'avoid';
  message: string;
}
export type SaveVoice = (body: VoiceBody) => Promise<VoiceFailure | null>;

/** A part of the panel: the languages, whether a step is running, the save, and the panel's status line. */
export interface VoicePartProps {
  lang: Lang;
  bookLang?: Lang;
  isDisabled: boolean;
  onSave: SaveVoice;
  onStatus(text: string): void;
}
