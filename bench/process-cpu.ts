import { readFile } from "node:fs/promises";

/** CPU time a process has used so far, in ms (Linux: /proc/<pid>/stat; zeros elsewhere). */
export async function processCpuMs(pid: number): Promise<{ user: number; system: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  // Fields after the command name, which may itself hold spaces: state is [0], utime [11], stime [12].
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const USER_HZ_MS = 10; // USER_HZ is 100 on Linux
  return { user: Number(fields[11] ?? 0) * USER_HZ_MS, system: Number(fields[12] ?? 0) * USER_HZ_MS };
}
