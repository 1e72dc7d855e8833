import { describe, expect, it } from 'vitest';
import { EDITORIAL_MSG } from '../editorial.ts';
import { UPLOAD_MSG } from '../uploads.ts';
import { type ChosenFile, submissionFormSchema } from './article-submission.ts';

const pdf = { name: 'paper.pdf', type: 'application/pdf', size: 20_000 };
const valid = { title: 'Inlets', abstract: 'We study inlets.', keywords: 'CFD, inlet', file: pdf as ChosenFile | null, cover: null as ChosenFile | null };

/** Field name → first message, as the form shows them. */
function errors(values: typeof valid) {
  const found: Record<string, string> = {};
  for (const issue of submissionFormSchema.safeParse(values).error?.issues ?? []) found[String(issue.path[0])] ??= issue.message;
  return found;
}

describe('the article submission form', () => {
  it('accepts a titled, abstracted PDF without a cover', () => {
    expect(errors(valid)).toEqual({});
  });

  it('requires the title, the abstract and the PDF, in the server words', () => {
    expect(errors({ title: ' ', abstract: '', keywords: '', file: null, cover: null })).toEqual({
      title: EDITORIAL_MSG.titleRequired,
      abstract: EDITORIAL_MSG.abstractRequired,
      file: EDITORIAL_MSG.pdfRequired,
    });
  });

  it('takes only a PDF of at most 10 MB', () => {
    expect(errors({ ...valid, file: { name: 'paper.docx', type: 'application/msword', size: 10 } }).file).toBe(EDITORIAL_MSG.notPdf);
    expect(errors({ ...valid, file: { ...pdf, size: 10 * 1024 * 1024 + 1 } }).file).toBe(EDITORIAL_MSG.pdfTooLarge);
    // Some systems give no type: the name decides.
    expect(errors({ ...valid, file: { name: 'PAPER.PDF', type: '', size: 10 } }).file).toBeUndefined();
  });

  it('takes a JPEG, PNG or WebP cover of at most 5 MB', () => {
    expect(errors({ ...valid, cover: { name: 'c.gif', type: 'image/gif', size: 10 } }).cover).toBe(UPLOAD_MSG.invalidImage);
    expect(errors({ ...valid, cover: { name: 'c.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 } }).cover).toBe(UPLOAD_MSG.tooLarge);
    expect(errors({ ...valid, cover: { name: 'c.webp', type: 'image/webp', size: 10 } })).toEqual({});
  });

  it('limits keywords to 20', () => {
    const keywords = Array.from({ length: 21 }, (_, i) => `k${i}`).join(',');
    expect(errors({ ...valid, keywords }).keywords).toBe(EDITORIAL_MSG.tooManyKeywords);
  });
});
