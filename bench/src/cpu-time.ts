import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

type ProcStat = { ppid: number; ownMs: number; childrenMs: number };

/** `/proc/<pid>/stat`: the parent, and the CPU time (user + system, ticks of 10 ms) of the process and of its children it has waited for. */
async function procStat(pid: number): Promise<ProcStat | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (stat === null) return null;
  // After the command name, which may hold spaces, in parentheses: ppid is the 2nd field,
  // utime, stime, cutime, cstime the 12th to the 15th.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  const at = (index: number) => fields[index] ?? 0;
  return { ppid: at(1), ownMs: (at(11) + at(12)) * 10, childrenMs: (at(13) + at(14)) * 10 };
}

/**
 * The CPU time the process has used so far, all its threads, user and system, in ms (Linux);
 * null where there is no /proc.
 */
export async function cpuMs(pid: number): Promise<number | null> {
  return (await procStat(pid))?.ownMs ?? null;
}

/**
 * The CPU time a PostgreSQL server has used so far, in ms (Linux): its postmaster (the first line
 * of `postmaster.pid` in `dataDir`), the backends and workers it runs now, and those that have
 * ended (the postmaster's waited-for children). Null where there is no /proc.
 */
export async function postgresCpuMs(dataDir: string): Promise<number | null> {
  const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const postmaster = await procStat(pid);
  if (!postmaster) return null;
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  const children = await Promise.all(pids.map(procStat));
  const running = children
    .filter((child) => child?.ppid === pid)
    .reduce((sum, child) => sum + (child?.ownMs ?? 0), 0);
  return postmaster.ownMs + postmaster.childrenMs + running;
}
