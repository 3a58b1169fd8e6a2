import { GoogleGenAI, HarmBlockThreshold, HarmCategory } from '@google/genai';
import OpenAI from 'openai';
import type { ChatConfig } from '../../config';

export type Turn = { role: 'user' | 'assistant'; text: string };

export type GenerationInput = {
  system: string;
  history: Turn[];
  prompt: string;
  signal: AbortSignal;
};

/** A model provider streams text pieces; it throws ProviderBlockedError when it refuses to answer. */
export type ModelProvider = {
  name: 'gemini' | 'openai';
  model: string;
  stream(input: GenerationInput): AsyncIterable<string>;
};

export class ProviderBlockedError extends Error {}

const SAFETY_CATEGORIES = [
  HarmCategory.HARM_CATEGORY_HARASSMENT,
  HarmCategory.HARM_CATEGORY_HATE_SPEECH,
  HarmCategory.HARM_CATEGORY_SEXUALLY_EXPLICIT,
  HarmCategory.HARM_CATEGORY_DANGEROUS_CONTENT,
];

/** Finish reasons that mean the model withheld (part of) its answer. */
const GEMINI_BLOCKED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/** Google's Gemini through @google/genai (REST, server-sent events). */
export function createGeminiProvider(config: ChatConfig): ModelProvider {
  const model = config.model ?? 'gemini-2.5-flash';
  const ai = new GoogleGenAI({
    apiKey: config.geminiApiKey,
    httpOptions: config.geminiBaseUrl ? { baseUrl: config.geminiBaseUrl } : undefined,
  });
  return {
    name: 'gemini',
    model,
    async *stream({ system, history, prompt, signal }) {
      const stream = await ai.models.generateContentStream({
        model,
        contents: [
          ...history.map((t) => ({ role: t.role === 'assistant' ? 'model' : 'user', parts: [{ text: t.text }] })),
          { role: 'user', parts: [{ text: prompt }] },
        ],
        config: {
          systemInstruction: system,
          temperature: config.temperature,
          topK: config.topK,
          topP: config.topP,
          maxOutputTokens: config.maxOutputTokens,
          safetySettings: SAFETY_CATEGORIES.map((category) => ({
            category,
            threshold: HarmBlockThreshold[config.safetyThreshold],
          })),
          abortSignal: signal,
        },
      });
      for await (const chunk of stream) {
        if (chunk.promptFeedback?.blockReason)
          throw new ProviderBlockedError(`prompt blocked: ${chunk.promptFeedback.blockReason}`);
        const candidate = chunk.candidates?.[0];
        if (candidate?.finishReason && GEMINI_BLOCKED.has(candidate.finishReason)) {
          throw new ProviderBlockedError(`reply blocked: ${candidate.finishReason}`);
        }
        const text = candidate?.content?.parts?.map((p) => p.text ?? '').join('') ?? '';
        if (text) yield text;
      }
    },
  };
}

/** Any OpenAI-compatible chat-completions server (Ollama, vLLM, llama.cpp's server, hosted ones). */
export function createOpenAiProvider(config: ChatConfig): ModelProvider {
  const model = config.model as string;
  const client = new OpenAI({
    baseURL: config.openaiBaseUrl,
    // Local servers need no key, but the client insists on one.
    apiKey: config.openaiApiKey ?? 'not-needed',
    maxRetries: 0,
    timeout: config.timeoutMs,
  });
  return {
    name: 'openai',
    model,
    async *stream({ system, history, prompt, signal }) {
      const stream = await client.chat.completions.create(
        {
          model,
          stream: true,
          temperature: config.temperature,
          top_p: config.topP,
          max_tokens: config.maxOutputTokens,
          messages: [
            { role: 'system', content: system },
            ...history.map((t) => ({ role: t.role, content: t.text })),
            { role: 'user', content: prompt },
          ],
        },
        { signal },
      );
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        if (choice?.finish_reason === 'content_filter') throw new ProviderBlockedError('reply blocked: content_filter');
        const text = choice?.delta?.content;
        if (text) yield text;
      }
    },
  };
}

export function createProvider(config: ChatConfig): ModelProvider | null {
  if (config.provider === 'gemini') return createGeminiProvider(config);
  if (config.provider === 'openai') return createOpenAiProvider(config);
  return null;
}
