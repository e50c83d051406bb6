// `npm start`: builds the web app and the API when their sources are newer than the build, then serves both.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The latest modification time of a file, or of any file under a directory. */
function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  if (!statSync(dir).isDirectory()) return statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

function stale(output, ...sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => newest(path.join(root, s)) > built);
}

function run(args) {
  const result = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = 'packages/shared/src';
if (stale(path.join(root, 'apps/web/dist/index.html'), 'apps/web/src', 'apps/web/index.html', shared)) {
  console.log('Construyendo la aplicación web...');
  run(['run', 'build', '-w', 'apps/web']);
}
if (stale(path.join(root, 'apps/api/dist/server.js'), 'apps/api/src', shared)) {
  console.log('Construyendo la API...');
  run(['run', 'build', '-w', 'apps/api']);
}
await import(path.join(root, 'apps/api/dist/server.js'));
