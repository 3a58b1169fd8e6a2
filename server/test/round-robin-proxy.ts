import http from 'node:http';

export type RoundRobinProxy = {
  url: string;
  /** Which target (its index) answered each request, in order. */
  answeredBy: number[];
  close(): Promise<void>;
};

/**
 * A reverse proxy in front of several instances, as nginx's default upstream balancing does: each request goes
 * to the next instance in turn, with X-Forwarded-For/-Proto/-Host added, and the answer streams back unchanged
 * (server-sent events included).
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const answeredBy: number[] = [];
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((req, res) => {
    const index = turn++ % targets.length;
    answeredBy.push(index);
    const target = new URL(targets[index] as string);
    const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': forwardedFor,
          'x-forwarded-proto': 'http',
          'x-forwarded-host': req.headers.host,
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    answeredBy,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
