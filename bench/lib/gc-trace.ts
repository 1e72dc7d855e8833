import fs from 'node:fs';

/**
 * What a leak grows is the heap that survives a full collection. A process's PSS also holds
 * garbage not yet collected and pages V8 keeps after a collection, so it swings with the load
 * (a server process of the hour's soak ranged from 95 to 147 MB with no trend). With
 * `node --trace-gc` every process prints each collection; a full one reads
 *   [pid:0x...]   123456 ms: Mark-Compact 110.2 (130.5) -> 61.3 (128.0) MB, ...
 * and the figure after the arrow is the live heap.
 */
const FULL_GC = /^\[(\d+):(0x[0-9a-f]+)\]\s+\d+ ms: Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;
/** Every line's process and isolate: "[pid:0x...]". */
const ISOLATE = /^\[(\d+):(0x[0-9a-f]+)\]/;

export interface FullGcHeap {
  /** Live heap after the latest full collection, MB. */
  afterMb: number;
  /** Full collections seen so far. */
  count: number;
}

/**
 * Reads a log file's --trace-gc lines as it grows: the heap after each process's latest full
 * collection. A worker thread (a password-hashing thread) has an isolate of its own, which prints
 * under the same pid with another address: its 3 MB heap is not the process's. The main thread's
 * isolate is the first one a process prints, long before it starts a thread.
 */
export function fullGcReader(logFile: string) {
  let offset = 0;
  let partial = '';
  const latest = new Map<number, FullGcHeap>();
  const mainIsolate = new Map<number, string>();
  return {
    read(): Map<number, FullGcHeap> {
      let size = 0;
      try {
        size = fs.statSync(logFile).size;
      } catch {
        return new Map(latest);
      }
      if (size > offset) {
        const fd = fs.openSync(logFile, 'r');
        const buf = Buffer.alloc(size - offset);
        fs.readSync(fd, buf, 0, buf.length, offset);
        fs.closeSync(fd);
        offset = size;
        const lines = (partial + buf.toString('utf8')).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          const isolate = ISOLATE.exec(line);
          if (!isolate) continue;
          const pid = Number(isolate[1]);
          if (!mainIsolate.has(pid)) mainIsolate.set(pid, isolate[2]!);
          const m = FULL_GC.exec(line);
          if (!m || m[2] !== mainIsolate.get(pid)) continue;
          latest.set(pid, { afterMb: Number(m[3]), count: (latest.get(pid)?.count ?? 0) + 1 });
        }
      }
      return new Map(latest);
    },
  };
}
