import { startRoundRobinProxy } from '../test/round-robin-proxy';

/**
 * The round-robin proxy of the several-instances test (test/round-robin-proxy.ts) in a process of its own, for the
 * load benchmarks: forked with the instances' URLs as arguments, it sends its own URL to the parent and closes on
 * 'close'. Apart from the load generator, so neither waits on the other's event loop.
 */
const proxy = await startRoundRobinProxy(process.argv.slice(2));
process.send?.({ url: proxy.url });
process.on('message', async (message) => {
  if (message === 'close') {
    await proxy.close();
    process.exit(0);
  }
});
