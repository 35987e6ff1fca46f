// What other modules and the composition roots use of chat.

export { chatPlugin } from './chat.plugin.ts';
export { createChatUploadCleanup } from './chat-upload-cleanup.job.ts';
export { createLiveEventsPrune } from './live-events-prune.job.ts';
