export { parseConfig, loadConfigOrExit, type Config } from './config';
export { createRuntime, type Runtime } from './runtime';
export { startWeb, type WebService } from './web';
