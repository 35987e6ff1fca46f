// What other modules and the composition roots use of health.
export { healthPlugin } from './health.plugin.ts';
