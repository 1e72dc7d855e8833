import { pipeline, Transform } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import QueryStream from 'pg-query-stream';
import { neutraliseCell } from '@aesa/shared/exports';

/** A compiled query (text and parameters) whose rows, in column order, are the file's rows. */
export interface CsvQuery {
  sql: string;
  params: unknown[];
}

export interface CsvFile {
  /** "members-2026-11-26.csv" */
  filename: string;
  headers: string[];
  query: CsvQuery;
}

// Rows come from the database in batches through a cursor and leave as they are written, so a
// file of 10,000 rows holds no more than a few batches in memory at once (decision 053).
const BATCH_ROWS = 200;

function firstBatch(rows: NodeJS.ReadableStream) {
  return new Promise<void>((resolve, reject) => {
    const closed = () => done(new Error('the download ended before its first rows'));
    const done = (err?: Error) => {
      rows.off('readable', done);
      rows.off('error', done);
      rows.off('close', closed);
      if (err) reject(err);
      else resolve();
    };
    rows.on('readable', done);
    rows.on('error', done);
    rows.on('close', closed);
  });
}

/** A value as a CSV cell: text, ISO times, yes/no, JSON for structures, and never a formula. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return neutraliseCell(text);
}

/**
 * Streams a query's rows as a CSV download: UTF-8 with a byte-order mark (Excel then reads names
 * with accents correctly), CRLF line ends, a header row, every cell through cellText. The rows
 * are read with a cursor on a connection of its own, given back when the file ends or the
 * download is cut short.
 */
export async function sendCsv(reply: FastifyReply, pool: pg.Pool, file: CsvFile) {
  const client = await pool.connect();
  let released = false;
  const release = (err?: Error) => {
    if (released) return;
    released = true;
    // A connection whose cursor was cut off mid-read is closed rather than reused.
    client.release(err ?? undefined);
  };
  const rows = client.query(new QueryStream(file.query.sql, file.query.params, { rowMode: 'array', batchSize: BATCH_ROWS }));
  // The client may leave at any moment, even before the answer starts: the cursor is closed then
  // (the pipeline below takes the other streams down with it and gives the connection back).
  reply.raw.once('close', () => rows.destroy());
  // The first batch (or the query's failure) before the answer starts: a query that fails at once
  // is answered as an error (500 with its code), not as a cut-off file.
  try {
    await firstBatch(rows);
  } catch (err) {
    release(err as Error);
    throw err;
  }
  const cells = new Transform({
    objectMode: true,
    transform(row: unknown[], _encoding, done) {
      done(null, row.map(cellText));
    },
  });
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  csv.write(file.headers.map(neutraliseCell));
  pipeline(rows, cells, csv, (err) => {
    release(err ?? undefined);
    if (err && err.code !== 'ERR_STREAM_PREMATURE_CLOSE') reply.log.error({ err }, 'CSV export failed while streaming');
  });
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
