// The answers of a step not saved yet (migrations/kept-answers.ts), on the server's database.
import { createKeptAnswers, dropKeptAnswers } from './kept-answers.js';

export const up = createKeptAnswers;
export const down = dropKeptAnswers;
