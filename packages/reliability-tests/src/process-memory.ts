import { readFile } from 'node:fs/promises';

/**
 * A process's resident memory now (`VmRSS`) and the most it has held since it started (`VmHWM`),
 * in MB, from Linux's /proc.
 */
export async function residentMemoryMb(pid: number): Promise<{ now: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) / 1024);
  return { now: mb('VmRSS'), peak: mb('VmHWM') };
}
