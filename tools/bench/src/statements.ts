import type pg from 'pg';

/**
 * Where a run's database time went, when BENCH_STATEMENTS is set (to how many statements, 10 if not
 * a number) and the server preloads pg_stat_statements: `reset` before a run, `top` after it logs
 * the bench database's costliest statements (total time, calls, rows, blocks read from outside shared
 * buffers), their sum, and the run's checkpoints and backend buffer writes. For comparing one run
 * with another in a sitting; off by default, because the extension is not on every server and its
 * bookkeeping costs a little.
 */
export async function statementProbe(pool: pg.Pool): Promise<{ reset(): Promise<void>; top(label: string, log: (s: string) => void): Promise<void> } | undefined> {
  if (!process.env.BENCH_STATEMENTS) return undefined;
  const limit = Number(process.env.BENCH_STATEMENTS) || 10;
  await pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  const writer = async () => (await pool.query<{ checkpoints: string; backend: string; clean: string }>(
    `SELECT checkpoints_timed + checkpoints_req AS checkpoints, buffers_backend AS backend, buffers_clean AS clean FROM pg_stat_bgwriter`,
  )).rows[0]!;
  let before = await writer();
  return {
    async reset() {
      await pool.query('SELECT pg_stat_statements_reset()');
      before = await writer();
    },
    async top(label, log) {
      const after = await writer();
      // This database's statements only: the sum and the list count the same ones.
      const ours = `FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`;
      const { rows } = await pool.query<{ ms: number; calls: string; rows: string; read: string; dirtied: string; query: string }>(
        `SELECT round(total_exec_time)::int AS ms, calls, rows, shared_blks_read AS read, shared_blks_dirtied AS dirtied,
                regexp_replace(left(query, 110), '\\s+', ' ', 'g') AS query
         ${ours} ORDER BY total_exec_time DESC LIMIT $1`,
        [limit],
      );
      const all = (await pool.query<{ ms: number }>(`SELECT round(sum(total_exec_time))::int AS ms ${ours}`)).rows[0]!.ms;
      log(`statements ${label}: ${all} ms in all; checkpoints ${Number(after.checkpoints) - Number(before.checkpoints)}, backend writes ${Number(after.backend) - Number(before.backend)}, cleaner writes ${Number(after.clean) - Number(before.clean)}`);
      for (const r of rows) log(`  ${String(r.ms).padStart(7)} ms ${String(r.calls).padStart(7)} calls ${String(r.rows).padStart(8)} rows read ${String(r.read).padStart(7)} dirtied ${String(r.dirtied).padStart(7)}  ${r.query}`);
    },
  };
}
