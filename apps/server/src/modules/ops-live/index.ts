// What other modules and the composition root use of the console's live channel.
export { opsLivePlugin, publishOpsQueue } from './ops-live.plugin.ts';
