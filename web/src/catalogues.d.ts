/**
 * The catalogues (build/catalogues.ts): loadCatalogue('<language>/<namespace>') resolves with its compiled messages
 * (CompiledMessage of lib/messages.ts: a string or a list of parts).
 */
declare module 'virtual:medibuddy-catalogues' {
  export function loadCatalogue(key: string): Promise<Record<string, string | unknown[]>>;
}
