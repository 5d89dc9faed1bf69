import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A throwaway Postgres server for the chaos run, so restarting "Postgres itself" never touches a
 * server anyone else uses: initdb into a temporary folder, started on 127.0.0.1:port with fsync off.
 * Run as root, the server runs as the `postgres` user (it refuses root).
 */
export class PrivatePostgres {
  readonly dir: string;
  readonly url: string;
  private readonly bin: string;

  constructor(private readonly port: number) {
    const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
    if (!versions[0]) throw new Error("No PostgreSQL server binaries in /usr/lib/postgresql.");
    this.bin = `/usr/lib/postgresql/${versions[0]}/bin`;
    this.dir = mkdtempSync(path.join(tmpdir(), "svc-chaos-pg-"));
    chmodSync(this.dir, 0o777);
    this.url = `postgres://postgres@127.0.0.1:${port}/chaos`;
  }

  private run(tool: string, args: string[]): void {
    const asRoot = process.getuid?.() === 0;
    const [cmd, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(this.bin, tool), ...args]]
      : [path.join(this.bin, tool), args];
    const r = spawnSync(cmd, argv, { encoding: "utf8", cwd: this.dir });
    if (r.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed:\n${r.stdout}${r.stderr}`);
  }

  private start(): void {
    const opts =
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 ` + "-c fsync=off -c max_connections=200";
    this.run("pg_ctl", [
      "-D",
      path.join(this.dir, "data"),
      "-o",
      opts,
      "-l",
      path.join(this.dir, "log"),
      "-w",
      "start",
    ]);
  }

  init(): void {
    this.run("initdb", ["-D", path.join(this.dir, "data"), "-A", "trust", "-U", "postgres", "--no-sync"]);
    this.start();
    this.run("createdb", ["-h", "127.0.0.1", "-p", String(this.port), "-U", "postgres", "chaos"]);
  }

  /** A crash and a restart: immediate stop (no checkpoint, every connection cut), then start. */
  crashAndRestart(downMs: number): Promise<void> {
    this.run("pg_ctl", ["-D", path.join(this.dir, "data"), "-m", "immediate", "-w", "stop"]);
    return new Promise((resolve, reject) =>
      setTimeout(() => {
        try {
          this.start();
          resolve();
        } catch (err) {
          reject(err as Error);
        }
      }, downMs),
    );
  }

  destroy(): void {
    try {
      this.run("pg_ctl", ["-D", path.join(this.dir, "data"), "-m", "immediate", "-w", "stop"]);
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
