// Renders PDF reports in a worker thread (report-pdf-pool.ts), so a report's ~0.7 s of CPU does not stop the
// server's event loop. Plain JavaScript so that it starts the same under tsx, Vitest and plain Node; the renderer
// itself is TypeScript (report-pdf.ts), loaded through tsx's API when it is a .ts file.
import { parentPort, workerData } from 'node:worker_threads';

const { renderReportPdf } = workerData.renderer.endsWith('.ts')
  ? await (await import('tsx/esm/api')).tsImport(workerData.renderer, import.meta.url)
  : await import(workerData.renderer);

/** Structured cloning turns a Buffer into a plain Uint8Array; pdfkit takes image data only as a Buffer. */
const asBuffer = (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

parentPort.on('message', async ({ id, input }) => {
  try {
    const pictures = input.pictures
      ? new Map([...input.pictures].map(([key, bytes]) => [key, asBuffer(bytes)]))
      : undefined;
    const pdf = await renderReportPdf({ ...input, pictures });
    parentPort.postMessage({ id, pdf });
  } catch (err) {
    // The error's name and message only: never the input (it holds the person's health data).
    parentPort.postMessage({ id, error: { name: err?.name ?? 'Error', message: String(err?.message ?? err) } });
  }
});
parentPort.postMessage({ type: 'ready' });
