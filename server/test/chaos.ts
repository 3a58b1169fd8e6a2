/**
 * Steady traffic during a fault, and the figures a chaos run reports: requests, answers by status, and how
 * long after the fault ended the first request succeeded again. Shared by test/chaos.int.test.ts and bench/chaos.ts.
 */

export type Answer = { at: number; status: number; hasRetryAfter: boolean };

export type Traffic = {
  answers: Answer[];
  /** Whether a request sent after `since` succeeded (2xx). */
  hasSucceededSince(since: number): boolean;
  stop(): Promise<void>;
};

/** Runs `send` over and over on `lanes` parallel lanes until stopped, noting every answer. */
export function startTraffic(
  send: () => Promise<{ status: number; retryAfter?: string | undefined }>,
  lanes = 2,
): Traffic {
  const answers: Answer[] = [];
  let isRunning = true;
  const runs = Array.from({ length: lanes }, async () => {
    while (isRunning) {
      const answer = await send().catch(() => ({ status: 0, retryAfter: undefined }));
      answers.push({ at: Date.now(), status: answer.status, hasRetryAfter: answer.retryAfter !== undefined });
      // A refused request answers at once: a short pause keeps the lanes from spinning.
      if (answer.status >= 500 || answer.status === 0) await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    answers,
    hasSucceededSince: (since) => answers.some((a) => a.at >= since && a.status >= 200 && a.status < 300),
    stop: async () => {
      isRunning = false;
      await Promise.all(runs);
    },
  };
}

export type FaultFigures = {
  fault: string;
  requests: number;
  byStatus: Record<string, number>;
  /** From the fault's end to the first success after it; null when it never recovered. */
  recoverySeconds: number | null;
  /** Acknowledged writes missing afterwards, where the run checks them. */
  lost?: number;
};

/**
 * `recoveredAt`: when the run saw the instance back to normal (/readyz ok, say); by default the first success
 * after the fault ended.
 */
export function figuresOf(
  fault: string,
  answers: Answer[],
  endedAt: number,
  lost?: number,
  recoveredAt?: number,
): FaultFigures {
  const byStatus: Record<string, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const back = recoveredAt ?? answers.find((a) => a.at >= endedAt && a.status >= 200 && a.status < 300)?.at;
  return {
    fault,
    requests: answers.length,
    byStatus,
    recoverySeconds: back !== undefined ? Math.round((back - endedAt) / 100) / 10 : null,
    ...(lost !== undefined ? { lost } : {}),
  };
}

/** One table, one line per fault. */
export function formatFigures(rows: FaultFigures[]): string {
  const lines = rows.map((r) => {
    const statuses = Object.entries(r.byStatus)
      .map(([status, n]) => `${status === '0' ? 'no answer' : status}×${n}`)
      .join(' ');
    const recovery = r.recoverySeconds === null ? 'never' : `${r.recoverySeconds} s`;
    const lost = r.lost === undefined ? '' : `, ${r.lost} acknowledged writes lost`;
    return `  ${r.fault.padEnd(34)} ${String(r.requests).padStart(5)} requests  ${statuses.padEnd(26)} recovered in ${recovery}${lost}`;
  });
  return [
    'chaos figures (fault, requests in the run, answers by status, time from the fault ending until served again):',
    ...lines,
  ].join('\n');
}
