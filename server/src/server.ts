import { ConfigError, loadConfig } from './config';
import { checkContent } from './content-check';

/** How long SIGTERM waits for in-flight requests before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Every file of medical content, parsed by its schema before anything else reads it: a broken file stops the start
  // here with one message naming the file, the entry and the field (content-check.ts). The app, whose modules read
  // the same files when they load, is imported only after.
  await checkContent();
  const { buildApp } = await import('./app');
  const app = await buildApp(config);
  // While shutting down, answers close their connection: an idle keep-alive connection would otherwise hold
  // the server open for its whole keep-alive timeout (72 s).
  let isClosing = false;
  app.addHook('onSend', async (_request, reply) => {
    if (isClosing) reply.header('connection', 'close');
  });
  const close = async (signal: string) => {
    isClosing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests get this long to finish; a close stuck on anything else (models still loading at
    // start) must not outlive an orchestrator's own patience.
    setTimeout(() => {
      app.log.warn('shutdown took too long: exiting now');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`MediBuddy is ready at ${config.publicOrigin} (API docs at /api/docs)`);
}

// A failure at start (database unreachable, port taken) is one readable line, not a stack trace.
main().catch((err: unknown) => {
  const code = (err as { code?: string }).code;
  console.error(
    `MediBuddy could not start: ${err instanceof Error ? err.message : String(err)}${code ? ` (${code})` : ''}`,
  );
  process.exit(1);
});
