import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

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
  const app = await buildApp(config);
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
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
  console.error(`MediBuddy could not start: ${err instanceof Error ? err.message : String(err)}${code ? ` (${code})` : ''}`);
  process.exit(1);
});
