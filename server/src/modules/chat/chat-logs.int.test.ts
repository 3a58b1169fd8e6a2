import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../../../test/helper';
import { startFakeOpenAi, type FakeLlmServer } from '../../../test/llm-servers';

describe('chat logs', () => {
  const lines: string[] = [];
  let app: TestApp;
  let fake: FakeLlmServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    app = await buildTestApp(
      { OPENAI_BASE_URL: `${fake.url}/v1`, CHAT_MODEL: 'llama-test', CHAT_TIMEOUT_MS: '500' },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it('never contain the chat text, the reply or the passages, whatever happens', async () => {
    const user = await signUp(app);
    const secrets = ['what are the symptoms of type 2 diabetes', 'Secret reply words', 'my uncle is vomiting blood'];
    const ask = (text: string) =>
      app.inject({ method: 'POST', url: '/api/chat/messages', payload: { text }, headers: { cookie: user.cookie } });
    fake.behave({ kind: 'stream', pieces: ['Secret reply words'] });
    expect((await ask('what are the symptoms of type 2 diabetes')).statusCode).toBe(200);
    fake.behave({ kind: 'error', status: 500 });
    expect((await ask('what are the symptoms of type 2 diabetes')).statusCode).toBe(200);
    fake.behave({ kind: 'hang' });
    expect((await ask('what are the symptoms of type 2 diabetes')).statusCode).toBe(200);
    expect((await ask('my uncle is vomiting blood')).statusCode).toBe(200);
    const log = lines.join('\n');
    expect(log).toMatch(/chat reply/);
    expect(log).toMatch(/"failure":"timeout"/);
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/blood sugar|insulin/i);
  });
});
