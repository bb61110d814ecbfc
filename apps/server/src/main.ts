import { runService } from '@poetry/api/run-service';
import { createPages } from './pages.js';

runService({ pages: createPages });
