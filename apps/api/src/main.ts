import { runService } from './run-service.js';

runService();
