// For `karya batch`: V8's young generation keeps its first size (a few MB) while the command's modules load, set
// before anything else runs. Left to grow, it doubled at each collection while they loaded (nearly all of what a
// module makes lives on) and reached 32 MB before the batch's first call; V8 never gives that room back to a program
// that keeps allocating, and a batch does. cli/batch/heap.ts growHeapSlowly lets it grow again once the jobs have
// passed, up to the size the batch's own work needs (MOST_NEW_SPACE_BYTES); a batch that does not call it (a dry
// run, a queued batch) gets V8's own growth back there too (growYoungAsUsual).
// Measured on the shared 2-core machine (load 27-49, 400-book prose batch, runs side by side): the main thread's heap
// at the peak 90-91 MB against 105-120 (its young generation 14.5 MB against 27-31); the main thread's CPU to its
// first call 298 ms against 290 (20-book batch, medians of 6).
import { setFlagsFromString } from 'node:v8';

if (process.argv[2] === 'batch') setFlagsFromString('--semi-space-growth-factor=1');
