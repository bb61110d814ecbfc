import { setFlagsFromString } from 'node:v8';
import { runService } from '@poetry/api/run-service';
import { createPages } from './pages.js';

// After each full collection V8 lets the heap grow by a factor it picks, up to 4×: rendering pages
// under load, the live heap stays near 65 MB, yet the heap grew to 300 MB and more before the
// next one (RSS 440–460 MB). At 1.5× the RSS stayed under 300 MB, the CPU per page the same
// within the noise (`pnpm bench`, scenario 1r). A growth factor, not a ceiling: a heap that
// needs more still gets it.
setFlagsFromString('--heap-growing-percent=50');

runService({ pages: createPages });
