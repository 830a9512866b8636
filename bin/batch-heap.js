// For `karya batch`: V8's young generation keeps its first size (a few MB) while the command's modules load, set
// before anything else runs. Left to grow, it doubled at each collection while they loaded (nearly all of what a
// module makes lives on) and reached 32 MB before the batch's first call; V8 never gives that room back to a program
// that keeps allocating, and a batch does. cli/batch/heap.ts growHeapSlowly lets it grow again once the first calls
// are out (runBatch's onCallsOut), up to the size the batch's own work needs (MOST_NEW_SPACE_BYTES); a batch that
// does not call it (a dry run, a queued batch) gets V8's own growth back there too (growYoungAsUsual).
// Measured on the shared 2-core machine (load 27-49, 400-book prose batch, runs side by side): the main thread's heap
// at the peak 90-91 MB against 105-120 (its young generation 14.5 MB against 27-31); the main thread's CPU to its
// first call 298 ms against 290 (20-book batch, medians of 6).
//
// Node's own modules while it is held: a code cache is accepted only under the V8 flags it was made with (V8 checks a
// hash of the flags set), and Node's cache of its built-in modules was made under V8's defaults, so every built-in
// module a batch loaded once the flag was set (crypto, worker_threads, net, child_process, the parts of util an
// import reads...) was compiled from its source: ~40 M of the main thread's ~520 M instructions before the batch's
// command loaded. So while the young generation is held, a built-in module is loaded at its first resolve (an import
// or a require) under V8's default for that flag, then the flag is set again; for an import, with every export read,
// as Node's ES module view of it reads them (util's lazily loaded parts among them). Once cli/batch/heap.ts sets the
// heap's flags itself it clears HELD: from then on modules load as Node loads them.
import module from 'node:module';
import { setFlagsFromString } from 'node:v8';

/** Set (true) on the global while this process holds its young generation; cli/batch/heap.ts clears it. */
const HELD = Symbol.for('karya.batchHeap.youngHeld');
const HOLD = '--semi-space-growth-factor=1';
/** V8's own value of that flag: with it, the flags' hash is the one Node's code cache was made under. */
const V8_DEFAULT = '--semi-space-growth-factor=2';

/** Loads Node's built-in module `id` under V8's default flags (reading its exports when `imported`). */
function loadCached(id, imported) {
  setFlagsFromString(V8_DEFAULT);
  try {
    const exports = process.getBuiltinModule(id);
    if (imported && exports) for (const key of Object.keys(exports)) void exports[key];
  } finally {
    setFlagsFromString(HOLD);
  }
}

if (process.argv[2] === 'batch') {
  setFlagsFromString(HOLD);
  globalThis[HELD] = true;
  // module.registerHooks: Node 22.15 and later (process.getBuiltinModule: 22.3); an older Node compiles them unaided.
  if (module.registerHooks && process.getBuiltinModule) {
    const loaded = new Set();
    module.registerHooks({
      resolve(specifier, context, nextResolve) {
        const imported = context.conditions?.includes('import') ?? false;
        const key = `${imported}:${specifier}`;
        if (globalThis[HELD] && !loaded.has(key) && module.isBuiltin(specifier)) {
          loaded.add(key);
          loadCached(specifier, imported);
        }
        return nextResolve(specifier, context);
      },
    });
  }
}
