// Every test file reads the language table from languages/ the way a Node caller does (engine/node/languages.ts
// sets the table's source when it loads), including files that import only the engine's pure door. And every error
// is worded by the error catalogue, as in every process Karya runs (the CLI, the server and the worker load it through
// the engine's door): a file that imports one deep module (engine/registry.ts) would otherwise see an error's code
// where its words go (messageIn falls back to the error's own message when no catalogue was loaded).
import '../../engine/node/languages.js';
import '../../engine/error-catalogue.js';
