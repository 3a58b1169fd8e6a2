import type {
  ContentSource,
  MessageResponse,
  SessionResponse,
  SkinChecklist,
  SkinChecklistItem,
  User,
} from '@medibuddy/contracts';
import type { ResponseParser } from './api-client';

/*
 * Hand-written twins of contract schemas, for the only calls made before any page code loads (who is signed
 * in, sign out from the navbar) or as a prerendered page opens (the skin test's checklist questions). They keep zod
 * out of the first download; every other call is checked with the contract's zod schema. first-load-parsers.test.ts checks each twin against its schema.
 */

const isString = (value: unknown): value is string => typeof value === 'string';

function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const u = value as Record<string, unknown>;
  return (
    isString(u.id) &&
    isString(u.name) &&
    isString(u.email) &&
    isString(u.createdAt) &&
    (u.language === 'en' || u.language === 'hi') &&
    (u.avatarUrl === null || isString(u.avatarUrl))
  );
}

function parser<T>(isValid: (value: unknown) => boolean, pick: (value: T) => T): ResponseParser<T> {
  return {
    safeParse: (data) => (isValid(data) ? { success: true, data: pick(data as T) } : { success: false }),
  };
}

/** SessionResponseSchema: { user | null }. Only the contract's fields are kept, like z.object does. */
export const sessionResponseParser = parser<SessionResponse>(
  (data) => {
    if (typeof data !== 'object' || data === null) return false;
    const user = (data as { user?: unknown }).user;
    return user === null || isUser(user);
  },
  ({ user }) => ({
    user: user && {
      id: user.id,
      name: user.name,
      email: user.email,
      avatarUrl: user.avatarUrl,
      language: user.language,
      createdAt: user.createdAt,
    },
  }),
);

/** MessageResponseSchema: { message }. */
export const messageResponseParser = parser<MessageResponse>(
  (data) => typeof data === 'object' && data !== null && isString((data as { message?: unknown }).message),
  ({ message }) => ({ message }),
);

const isInt = (value: unknown, min: number, max = Infinity): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
/** ContentSourceSchema's text: trimmed, 1 to 300 characters. */
const isSourceText = (value: unknown): value is string =>
  isString(value) && value.trim().length >= 1 && value.trim().length <= 300;

function isSource(value: unknown): value is ContentSource {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    isSourceText(s.title) &&
    isSourceText(s.publisher) &&
    (s.url === undefined || (isString(s.url) && URL.canParse(s.url))) &&
    (s.note === undefined || isSourceText(s.note))
  );
}

function isChecklistItem(value: unknown): value is SkinChecklistItem {
  if (typeof value !== 'object' || value === null) return false;
  const i = value as Record<string, unknown>;
  return (
    isString(i.key) &&
    /^[a-z][a-zA-Z0-9]*$/.test(i.key) &&
    (i.kind === 'major' || i.kind === 'minor') &&
    isInt(i.points, 1, 2) &&
    isString(i.question) &&
    isString(i.help)
  );
}

/**
 * SkinChecklistSchema: the skin test page asks the checklist's questions as it opens, and a prerendered page loads
 * no zod before it is used (decision 014).
 */
export const skinChecklistParser = parser<SkinChecklist>(
  (data) => {
    if (typeof data !== 'object' || data === null) return false;
    const c = data as Record<string, unknown>;
    return (
      isString(c.version) &&
      isString(c.why) &&
      isString(c.notSure) &&
      Array.isArray(c.items) &&
      c.items.length >= 1 &&
      c.items.every(isChecklistItem) &&
      isInt(c.threshold, 1) &&
      isInt(c.maxScore, 1) &&
      Array.isArray(c.sources) &&
      c.sources.every(isSource)
    );
  },
  (c) => ({
    version: c.version,
    why: c.why,
    notSure: c.notSure,
    items: c.items.map(({ key, kind, points, question, help }) => ({ key, kind, points, question, help })),
    threshold: c.threshold,
    maxScore: c.maxScore,
    sources: c.sources.map((s) => ({
      title: s.title.trim(),
      publisher: s.publisher.trim(),
      ...(s.url === undefined ? {} : { url: s.url }),
      ...(s.note === undefined ? {} : { note: s.note.trim() }),
    })),
  }),
);
