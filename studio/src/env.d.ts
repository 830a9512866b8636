// Module declarations for what Vite bundles besides TypeScript.
declare module '*.css';
// languages/ read at build time (studio/scripts/language-table.ts): what the table's source hands the engine.
declare module 'virtual:karya-languages' {
  const tables: readonly import('./engine.js').LanguageSource[];
  export default tables;
}
