import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * PostgreSQL and Redis servers of a test's own, on free loopback ports, that the test may stop, restart
 * and cut without touching the servers other tests (and people) use on this machine.
 */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every 100 ms until it holds (true) or `ms` have passed (false). */
export async function waitFor(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return true;
    await sleep(100);
  }
  return false;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const version = readdirSync(root).sort((a, b) => Number(b) - Number(a))[0];
  return version ? path.join(root, version, 'bin') : undefined;
}

/** initdb and pg_ctl refuse to run as root: as root they run as the postgres user. */
function asPostgresUser(command: string, args: string[]): [string, string[]] {
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

export const canRunPostgres = () => postgresBin() !== undefined;

export type ThrowawayPostgres = {
  url: string;
  stop(): void;
  start(): void;
  /** Stops the server for good and removes its files. */
  destroy(): void;
};

export async function startPostgres(): Promise<ThrowawayPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'medibuddy-pg-'));
  if (userInfo().uid === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  const run = (tool: string, args: string[]) => {
    const [command, fullArgs] = asPostgresUser(path.join(bin, tool), args);
    execFileSync(command, fullArgs, { stdio: 'pipe', cwd: dir });
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`;
  const start = () => run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    // -m fast: the server ends every session with 57P01, as a restart by an operator or a failover does.
    stop: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    destroy: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** redis-server on the PATH (Debian's redis-server package). */
export const canRunRedis = () =>
  (process.env.PATH ?? '').split(':').some((dir) => dir && existsSync(path.join(dir, 'redis-server')));

export type ThrowawayRedis = { url: string; port: number; stop(): Promise<void>; start(): Promise<void> };

export async function startRedis(): Promise<ThrowawayRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    // Ready once it accepts a connection.
    for (let i = 0; i < 100; i++) {
      const isUp = await new Promise<boolean>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        socket.once('connect', () => (socket.end(), resolve(true)));
        socket.once('error', () => resolve(false));
      });
      if (isUp) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop: async () => {
      const c = child;
      if (!c || c.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        c.once('exit', () => resolve());
        c.kill('SIGKILL');
      });
    },
  };
}

export type ScratchDatabase = { url: string; drop(): Promise<void> };

/**
 * A new, empty database on a PostgreSQL server the test shares with others (TEST_DATABASE_URL): the test
 * gets its own tables and drops them at the end without touching the server's other databases.
 */
export async function createScratchDatabase(serverUrl: string): Promise<ScratchDatabase> {
  const name = `medibuddy_test_${randomBytes(6).toString('hex')}`;
  const runOnServer = async (text: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(text);
    } finally {
      await admin.end();
    }
  };
  await runOnServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(`drop database if exists ${name} with (force)`) };
}

/**
 * A small ext4 file system in a file (through a loop device), seen at `dir` through a bind mount, that a test
 * may fill up or make read-only and writable again. Root writes through any permission bits, so a chmod cannot
 * simulate this; a mount can.
 *
 * Read-only is a read-only bind mount put in place of the writable one: files opening from then on are refused
 * (EROFS), while files already open stay writable, as when an operator or a script makes a folder read-only.
 * (The kernel's own read-only remount after a disk error also drops every write not yet flushed; the embedded
 * database does not flush its commits, see docs/operations.md.)
 */
export type ThrowawayDisk = {
  dir: string;
  /** Writes a filler file until the file system is full. */
  fill(): void;
  /** Removes the filler. */
  free(): void;
  readOnly(): void;
  /** Writable again (fails while a process holds a file opened through the read-only mount). */
  writable(): void;
  destroy(): void;
};

let mountSupport: boolean | undefined;

/** Whether this machine lets the test mount a loop file system (root with mount rights, loop devices, mkfs.ext4). */
export function canMountDisks(): boolean {
  if (mountSupport !== undefined) return mountSupport;
  mountSupport = false;
  if (userInfo().uid !== 0) return false;
  try {
    const disk = mountThrowawayDisk(16);
    disk.readOnly();
    disk.writable();
    disk.destroy();
    mountSupport = true;
  } catch {
    mountSupport = false;
  }
  return mountSupport;
}

export function mountThrowawayDisk(sizeMb = 192): ThrowawayDisk {
  const root = mkdtempSync(path.join(tmpdir(), 'medibuddy-disk-'));
  const image = path.join(root, 'disk.img');
  const disk = path.join(root, 'disk');
  const dir = path.join(root, 'data');
  const sh = (script: string) => execFileSync('sh', ['-c', script], { stdio: 'pipe' });
  const destroy = () => {
    for (const target of [dir, dir, disk]) {
      try {
        sh(`umount -l '${target}'`);
      } catch {
        // not mounted (any more)
      }
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    sh(`truncate -s ${sizeMb}M '${image}' && mkfs.ext4 -q -F -m 0 '${image}' && mkdir '${disk}' '${dir}'`);
    sh(`mount -o loop '${image}' '${disk}' && mount --bind '${disk}' '${dir}'`);
  } catch (err) {
    destroy();
    throw err;
  }
  const filler = path.join(disk, 'filler');
  return {
    dir,
    // dd stops with "No space left on device" (status 1): that is the point. Flushing can give back blocks
    // reserved ahead (delayed allocation), so the last passes take those in small writes.
    fill: () =>
      sh(
        `for pass in 1 2 3; do dd if=/dev/zero of='${filler}'$pass bs=1M 2>/dev/null; dd if=/dev/zero of='${filler}'$pass-small bs=1k 2>/dev/null; sync '${disk}'; done; true`,
      ),
    free: () => {
      for (const name of readdirSync(disk))
        if (name.startsWith('filler')) rmSync(path.join(disk, name), { force: true });
    },
    readOnly: () => sh(`umount -l '${dir}' && mount --bind -o ro '${disk}' '${dir}'`),
    writable: () => sh(`umount '${dir}' && mount --bind '${disk}' '${dir}'`),
    destroy,
  };
}

/**
 * A TCP relay on a fixed loopback port in front of `targetPort`: `cut()` refuses new connections and ends the
 * open ones (the service is down as far as the app can tell), `restore()` relays again on the same port.
 */
export type TcpRelay = { port: number; cut(): Promise<void>; restore(): Promise<void>; close(): Promise<void> };

export async function startTcpRelay(targetPort: number): Promise<TcpRelay> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => (client.destroy(), upstream.destroy()));
        }
        client.pipe(upstream).pipe(client);
      });
      s.once('error', reject);
      s.listen(port, '127.0.0.1', () => resolve());
      server = s;
    });
  const cut = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  await listen();
  return { port, cut, restore: listen, close: cut };
}
