// A book keeps the writer's voice: its sample's fingerprint and exemplars, and the phrases to avoid
// (migrations/books.ts).
export { addBookVoice as up, dropBookVoice as down } from './books.js';
