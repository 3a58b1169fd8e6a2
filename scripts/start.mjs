// `npm start`: build the web app if it is missing or older than its sources, then serve web + API from one
// process. The server's own configuration (PORT, DATA_DIR, DATABASE_URL, …) comes from the environment.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'web', 'dist', 'index.html');

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
}

const sources = ['web/src', 'web/public', 'web/build', 'web/index.html', 'web/vite.config.ts', 'contracts/src'].map(
  (p) => path.join(root, p),
);
const isStale = !existsSync(distIndex) || Math.max(...sources.map(newestMtime)) > statSync(distIndex).mtimeMs;
if (isStale) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
  cwd: path.join(root, 'server'),
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    ...process.env,
    WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'web', 'dist'),
    DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data'),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
