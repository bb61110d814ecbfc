export { freePort, freePorts } from '../../src/free-ports.js';
