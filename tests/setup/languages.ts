// Every test file reads the language table from languages/ the way a Node caller does (engine/node/languages.ts
// sets the table's source when it loads), including files that import only the engine's pure door.
import '../../engine/node/languages.js';
