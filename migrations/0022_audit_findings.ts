// A book keeps what the optional model audit of continuity found per part (migrations/books.ts).
export { addAuditFindings as up, dropAuditFindings as down } from './books.js';
