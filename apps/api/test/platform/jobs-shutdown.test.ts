// Closing the app stops the background jobs first: their timers end and a run under way finishes
// before the database closes, so no job meets a closed database (the server used to log "Cannot use a
// pool after calling end on the pool" from the email outbox when it shut down).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Job, jobs } from '../../src/jobs';
import { createTestApp } from '../support/helpers';

describe('closing the app while a job runs', () => {
  it('waits for the run, whose queries still reach the database, and starts no other', async () => {
    let started: () => void = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const outcomes: string[] = [];
    const probe: Job = {
      name: 'shutdown-probe',
      everyMs: 100,
      run: async (app) => {
        started();
        await gate;
        try {
          await app.db.execute(sql`select 1`);
          outcomes.push('ok');
        } catch (err) {
          outcomes.push(err instanceof Error ? err.message : String(err));
        }
      },
    };
    jobs.push(probe);
    try {
      const ctx = await createTestApp({ config: { runJobs: true, jobsIntervalMs: 100 } });
      await running;
      let closed = false;
      const closing = ctx.close().then(() => {
        closed = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(closed).toBe(false);
      release();
      await closing;
      expect(outcomes).toEqual(['ok']);
    } finally {
      jobs.splice(jobs.indexOf(probe), 1);
    }
  });
});
