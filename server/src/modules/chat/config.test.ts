import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { inject } from 'vitest';

const base = () => ({
  NODE_ENV: 'test',
  DATA_DIR: inject('testTmpDir'),
  SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
});

describe('chat configuration', () => {
  it('is the offline assistant with the default generation settings when nothing is set', () => {
    expect(loadConfig(base()).chat).toMatchObject({
      provider: 'offline',
      model: null,
      timeoutMs: 20_000,
      temperature: 0.9,
      topK: 1,
      topP: 1,
      maxOutputTokens: 2048,
      safetyThreshold: 'BLOCK_MEDIUM_AND_ABOVE',
    });
  });

  it('picks Gemini for a key, an OpenAI-compatible server for a base URL', () => {
    expect(loadConfig({ ...base(), GEMINI_API_KEY: 'k' }).chat).toMatchObject({
      provider: 'gemini',
      model: 'gemini-2.5-flash',
    });
    expect(
      loadConfig({ ...base(), OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', CHAT_MODEL: 'llama3.2' }).chat,
    ).toMatchObject({
      provider: 'openai',
      model: 'llama3.2',
    });
  });

  it('names every bad chat key in one message', () => {
    expect(() => loadConfig({ ...base(), CHAT_PROVIDER: 'openai' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base(), CHAT_PROVIDER: 'openai' })).toThrow(
      /OPENAI_BASE_URL: is required[\s\S]*CHAT_MODEL: is required/,
    );
    expect(() => loadConfig({ ...base(), CHAT_TIMEOUT_MS: '5', CHAT_TEMPERATURE: '3' })).toThrow(
      /CHAT_TIMEOUT_MS[\s\S]*CHAT_TEMPERATURE/,
    );
  });
});
