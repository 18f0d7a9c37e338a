import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import path from "node:path";

/**
 * PGlite must never be opened by two processes at once: it would corrupt the data directory. The server
 * holds `DATA_DIR/server.lock` (its pid) while it runs; a lock left by a dead process (kill -9, power cut)
 * is taken over.
 */
export class DataDirLocked extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `El directorio de datos ya está en uso por otro proceso (pid ${pid}). Detené ese proceso o usá otro DATA_DIR. ` +
        `Si estás seguro de que no hay otro servidor corriendo, borrá ${lockPath}.`,
    );
  }
}

export function lockPath(dataDir: string): string {
  return path.join(dataDir, "server.lock");
}

/** The pid holding the lock, or null when there is no lock or its process is gone. */
export function lockHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(lockPath(dataDir), "utf8"), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else; it still holds the directory.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}

/** Takes the lock or throws DataDirLocked; returns the function that releases it. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, "utf8") === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = lockHolder(dataDir);
      if (holder !== null) throw new DataDirLocked(file, holder);
      unlinkSync(file); // stale lock of a dead process
    }
  }
  throw new Error(`No se pudo tomar el lock ${file}`);
}
