import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

/**
 * The server half of `npm run bench`: the real app on an ephemeral port, embedded PGlite in DATA_DIR (a temp dir
 * made by the parent), rate limits off, logs silent. Sends its port to the parent once the models are in.
 */
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  RATE_LIMITS: 'off',
  LOG_LEVEL: 'silent',
  PORT: '0',
  HOST: '127.0.0.1',
});
const app = await buildApp(config);
await app.models.settled;
await app.imageModels.settled;
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
process.on('message', async (message) => {
  if (message === 'close') {
    await app.close();
    process.exit(0);
  }
});
