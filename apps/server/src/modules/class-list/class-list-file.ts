import { parse } from 'csv-parse/sync';
import { CLASS_LIST_HEADERS, CLASS_LIST_LIMITS, headerKey, type ClassListColumn } from '@aesa/shared/class-list';
import { fail } from '../../lib/app-error.ts';

/** One data row of the file, its cells as written, with its line number in the file (the header is line 1). */
export interface FileRow {
  row: number;
  matric_number: string;
  name: string;
  level: string;
  email: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a class list: UTF-8 with or without a byte-order mark, commas (or semicolons, as a
 * spreadsheet in some locales saves it), the first line naming the columns in any of the usual
 * spellings. The name may be one column or a surname and other names.
 */
export function readClassList(file: Buffer): FileRow[] {
  let text: string;
  try {
    text = utf8.decode(file);
  } catch {
    throw fail('CLASS_LIST_NOT_CSV');
  }
  if (text.includes('\u0000')) throw fail('CLASS_LIST_NOT_CSV');
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { delimiter, info: true, relax_column_count: true, skip_empty_lines: true, trim: true, to: CLASS_LIST_LIMITS.maxRows + 2 }) as unknown as typeof records;
  } catch {
    throw fail('CLASS_LIST_NOT_CSV');
  }
  const [header, ...data] = records;
  if (!header) throw fail('CLASS_LIST_NO_HEADER');
  if (data.length > CLASS_LIST_LIMITS.maxRows) throw fail('CLASS_LIST_TOO_MANY_ROWS');
  const at = columnsOf(header.record);
  const cell = (r: string[], c: ClassListColumn) => (at[c] === undefined ? '' : (r[at[c]] ?? '').trim());
  return data
    .filter((d) => d.record.some((c) => c.trim() !== ''))
    .map(({ record, info }) => ({
      row: info.lines,
      matric_number: cell(record, 'matric_number'),
      name: at.name !== undefined ? cell(record, 'name') : [cell(record, 'surname'), cell(record, 'other_names')].filter(Boolean).join(' '),
      level: cell(record, 'level'),
      email: cell(record, 'email'),
    }));
}

function columnsOf(header: string[]): Partial<Record<ClassListColumn, number>> {
  const at: Partial<Record<ClassListColumn, number>> = {};
  header.forEach((h, i) => {
    const key = headerKey(h);
    for (const [column, spellings] of Object.entries(CLASS_LIST_HEADERS) as [ClassListColumn, readonly string[]][]) {
      if (at[column] === undefined && spellings.includes(key)) at[column] = i;
    }
  });
  if (at.matric_number === undefined) {
    // A file whose first line is data, not names of columns.
    if (Object.keys(at).length === 0) throw fail('CLASS_LIST_NO_HEADER');
    throw fail('CLASS_LIST_MISSING_COLUMN', 'matric number');
  }
  if (at.name === undefined && at.surname === undefined) throw fail('CLASS_LIST_MISSING_COLUMN', 'name');
  return at;
}
