import { describe, expect, it } from 'vitest';
import { DecodeQueue } from './decode-queue.ts';
import { UPLOAD_MSG } from '@aesa/shared/uploads';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('DecodeQueue', () => {
  it('runs at most maxActive at once, queues maxWaiting in order, refuses the rest with 429', async () => {
    const q = new DecodeQueue(2, 2);
    const gates = Array.from({ length: 4 }, deferred);
    const started: number[] = [];
    const runs = gates.map((g, i) => q.run(async () => (started.push(i), await g.promise, i)));
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(q.load).toEqual({ active: 2, waiting: 2 });
    await expect(q.run(async () => 99)).rejects.toMatchObject({ statusCode: 429, code: 'UPLOAD_BUSY', message: UPLOAD_MSG.busy });
    gates[1]!.resolve();
    await runs[1];
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(q.load).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const q = new DecodeQueue(1, 0);
    await expect(q.run(async () => { throw new Error('bad image'); })).rejects.toThrow('bad image');
    expect(await q.run(async () => 'ok')).toBe('ok');
    expect(q.load).toEqual({ active: 0, waiting: 0 });
  });
});
