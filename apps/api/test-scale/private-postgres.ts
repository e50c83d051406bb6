// A throwaway PostgreSQL server for the fault test, so that it can be stopped and started without
// touching the machine's shared server: initdb + pg_ctl in a temporary directory on a spare port
// (as the `postgres` user when the tests run as root, which PostgreSQL refuses to run as).
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './support';

const run = promisify(execFile);

function binaries(): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(path.join(base, v, 'bin', 'pg_ctl')))
        .sort((x, y) => Number(y) - Number(x))
    : [];
  if (!versions.length) throw new Error(`no PostgreSQL server binaries under ${base}/*/bin (initdb, pg_ctl) for the fault test`);
  return path.join(base, versions[0], 'bin');
}

export interface PrivatePostgres {
  url: string;
  /** Stops the server abruptly (`-m immediate`: like a crash; committed work survives in the WAL). */
  crash: () => Promise<void>;
  start: () => Promise<void>;
  destroy: () => Promise<void>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binaries();
  const dir = mkdtempSync(path.join(tmpdir(), 'scale-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  let owner: { uid: number; gid: number } | null = null;
  if (asRoot) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    owner = { uid: Number(uid.trim()), gid: Number(gid.trim()) };
    chownSync(dir, owner.uid, owner.gid);
  }
  const pgRun = (program: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args]) : run(path.join(bin, program), args);

  await pgRun('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=60 -c shared_buffers=32MB`;
  const start = async () => {
    await pgRun('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    crash: async () => {
      await pgRun('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    start,
    destroy: async () => {
      await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
