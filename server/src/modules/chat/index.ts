// The chat module's face: what other code may use of it (docs/architecture.md, "Modules and their faces").
export { chatApi, chatService } from './chat.plugin';
export { readValue } from './interpret-value';
export type { ModelProvider } from './providers';
export { stemsOf, topicMatch } from './topic-match';
