import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../plugins/errors';
import type { ReportInput } from './report-pdf';

/**
 * PDF reports rendered in worker threads (report-pdf-worker.mjs): a report costs ~0.7 s of CPU, which on the event
 * loop held up every other request while it ran. A small pool of workers, started on the first report; reports
 * beyond the workers wait in a bounded queue, and one more than the queue holds is refused at once with 503
 * `busy` and Retry-After, so a burst of downloads cannot build an unbounded backlog (or its memory).
 */
export type ReportPdfPool = {
  render(input: ReportInput): Promise<Buffer>;
  /** Starts the workers now rather than on the first report (each loads the renderer and fonts: ~1 s of CPU). */
  warm(): void;
  /** Ends the workers; reports still waiting are refused. */
  close(): Promise<void>;
};

export type ReportPdfPoolOptions = {
  /** Worker threads; by default one fewer than the machine's cores (at least 1, at most 4). */
  size?: number;
  /** Reports that may wait for a worker; the next one is refused with 503. */
  maxQueued?: number;
  /** A render that takes longer ends its worker and fails (a stuck worker would stall every later report). */
  timeoutMs?: number;
};

export const DEFAULT_PDF_WORKERS = Math.max(1, Math.min(4, availableParallelism() - 1));
export const DEFAULT_PDF_QUEUE = 16;
export const PDF_RETRY_AFTER_SECONDS = 5;
export const PDF_BUSY_MESSAGE =
  'Too many reports are being made right now, so yours was not started. Please try again in a few seconds.';

// The renderer the workers load: TypeScript under tsx and Vitest, JavaScript if the server is ever compiled.
const RENDERER = new URL(`./report-pdf${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url).href;
const WORKER = new URL('./report-pdf-worker.mjs', import.meta.url);

type Job = { input: ReportInput; resolve: (pdf: Buffer) => void; reject: (err: unknown) => void };
type Slot = { worker: Worker; ready: Promise<void>; job?: Job & { id: number; timer?: NodeJS.Timeout } };

export function createReportPdfPool({
  size = DEFAULT_PDF_WORKERS,
  maxQueued = DEFAULT_PDF_QUEUE,
  timeoutMs = 60_000,
}: ReportPdfPoolOptions = {}): ReportPdfPool {
  const slots: Slot[] = [];
  const queue: Job[] = [];
  let nextId = 0;
  let isClosed = false;

  function finish(slot: Slot, settle: (job: Job) => void) {
    const job = slot.job;
    if (!job) return;
    clearTimeout(job.timer);
    slot.job = undefined;
    slot.worker.unref();
    settle(job);
    dispatch();
  }

  function remove(slot: Slot, err: Error) {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    finish(slot, (job) => job.reject(err));
  }

  function start(): Slot {
    const worker = new Worker(WORKER, { workerData: { renderer: RENDERER } });
    worker.unref();
    const slot: Slot = { worker, ready: Promise.resolve() };
    slot.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: { type?: string; id?: number; pdf?: Uint8Array; error?: { message: string } }) => {
        if (message.type === 'ready') return resolve();
        if (message.id === undefined || slot.job?.id !== message.id) return;
        const { pdf, error } = message;
        finish(slot, (job) =>
          error || !pdf
            ? job.reject(new Error(`the report could not be rendered: ${error?.message ?? 'no output'}`))
            : job.resolve(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength)),
        );
      });
      worker.on('error', (err) => {
        reject(err);
        remove(slot, new Error('the report worker failed', { cause: err }));
      });
      worker.on('exit', (code) => {
        reject(new Error(`the report worker exited (${code}) before it was ready`));
        remove(slot, new Error(`the report worker exited (${code})`));
      });
    });
    // A start that fails rejects the job it was given (remove above); nothing else waits on `ready`.
    slot.ready.catch(() => undefined);
    slots.push(slot);
    return slot;
  }

  function run(slot: Slot, job: Job) {
    const id = ++nextId;
    slot.job = { ...job, id };
    // A worker keeps the process alive only while it renders; idle ones do not (close() ends them).
    slot.worker.ref();
    slot.ready.then(
      () => {
        if (slot.job?.id !== id) return;
        slot.job.timer = setTimeout(() => {
          remove(slot, new Error(`the report took more than ${timeoutMs} ms`));
          void slot.worker.terminate();
        }, timeoutMs);
        slot.worker.postMessage({ id, input: job.input });
      },
      () => undefined,
    );
  }

  function dispatch() {
    while (queue.length > 0 && !isClosed) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < size ? start() : undefined);
      if (!slot) return;
      run(slot, queue.shift() as Job);
    }
  }

  return {
    render(input) {
      if (isClosed) return Promise.reject(new AppError('not_ready', 'The server is shutting down. Please try again.'));
      const isAllBusy = slots.length >= size && slots.every((s) => s.job);
      if (isAllBusy && queue.length >= maxQueued) {
        return Promise.reject(
          new AppError('busy', PDF_BUSY_MESSAGE, undefined, { 'retry-after': String(PDF_RETRY_AFTER_SECONDS) }),
        );
      }
      return new Promise<Buffer>((resolve, reject) => {
        queue.push({ input, resolve, reject });
        dispatch();
      });
    },

    warm() {
      while (!isClosed && slots.length < size) start();
    },

    async close() {
      isClosed = true;
      for (const job of queue.splice(0)) job.reject(new AppError('not_ready', 'The server is shutting down.'));
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}
