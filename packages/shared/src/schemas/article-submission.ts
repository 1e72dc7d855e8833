import * as z from 'zod';
import { ARTICLE_PDF_MAX_BYTES, EDITORIAL_MSG } from '../editorial.ts';
import { submissionFieldsSchema } from './editorial.ts';
import { imageFileProblem } from '../uploads.ts';
import { codedIssue } from './coded.ts';

// The member's article submission form: the text fields of POST /api/articles/submissions and
// the two files it sends with them, a PDF of at most 10 MB and an optional JPEG/PNG/WebP cover of
// at most 5 MB. The server reads the PDF itself and has the last word.

/** What the form knows of a chosen file (a File in the browser). */
export interface ChosenFile {
  name: string;
  type: string;
  size: number;
}

// Some systems give a PDF no type: then the name decides.
const isPdf = (file: ChosenFile) => file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name));

const articleFile = z.custom<ChosenFile | null>().superRefine((file, ctx) => {
  if (!file) ctx.addIssue({ code: 'custom', ...codedIssue('SUBMISSION_PDF_REQUIRED') });
  else if (!isPdf(file)) ctx.addIssue({ code: 'custom', message: EDITORIAL_MSG.notPdf });
  else if (file.size > ARTICLE_PDF_MAX_BYTES) ctx.addIssue({ code: 'custom', message: EDITORIAL_MSG.pdfTooLarge });
});

const coverFile = z.custom<ChosenFile | null>().superRefine((file, ctx) => {
  const problem = file ? imageFileProblem(file) : null;
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const submissionFormSchema = submissionFieldsSchema.extend({ file: articleFile, cover: coverFile });
