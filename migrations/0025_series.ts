// Series of books (migrations/series.ts).
export { createSeriesTables as up, dropSeriesTables as down } from './series.js';
