// Module declarations for what Vite bundles besides TypeScript.
declare module '*.css';
