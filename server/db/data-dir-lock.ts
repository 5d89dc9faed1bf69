import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import path from "node:path";
import { ServiceError } from "@/lib/errors";

export interface DataDirLock {
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${pid}), ` +
        `most likely the running app. ` +
        `Only one process may open it. Stop the app (Ctrl+C in its terminal) and run this again, ` +
        `do it from the dashboard instead, or run the app and this command on a Postgres server ` +
        `(DATABASE_URL).`,
    );
    this.name = "DataDirInUseError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** An exclusive, pid-stamped lock file beside the PGlite folder; a stale one is taken over. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const file = path.join(dataDir, "owner.pid");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, "utf8").trim() === String(process.pid)) rmSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once("exit", release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid))
        throw new DataDirInUseError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new ServiceError("INTERNAL_ERROR", `Could not lock ${dataDir}`);
}
