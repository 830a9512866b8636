// Before each studio file (they share one worker's module graph): the studio's own modules are evaluated anew,
// so what one file's pages loaded or chose (the generator list, the request language, the theme) is not
// another file's. Libraries (React, Testing Library, jsdom) stay loaded: that is the time saved.
import { vi } from 'vitest';

vi.resetModules();
