import { ARTICLE_PDF_MAX_BYTES, EDITORIAL_MSG } from '@aesa/shared/editorial';
import { submissionFieldsSchema } from '@aesa/shared/schemas/editorial';
import { LIMITS } from '@aesa/shared/constants';
import { ACCEPTED_IMAGE_TYPES, UPLOAD_MSG } from '@aesa/shared/uploads';

export type SubmissionField = 'title' | 'abstract' | 'keywords' | 'file' | 'cover';

export interface SubmissionFormValues {
  title: string;
  abstract: string;
  keywords: string;
  file: Pick<File, 'name' | 'type' | 'size'> | null;
  cover: Pick<File, 'name' | 'type' | 'size'> | null;
}

const isPdf = (file: Pick<File, 'name' | 'type'>) => file.type === 'application/pdf' || (!file.type && /\.pdf$/i.test(file.name));

/**
 * The article submission's rules, with the server's own words: title and abstract required,
 * at most 20 keywords of 50 characters, a PDF of at most 10 MB, an optional JPEG/PNG/WebP cover
 * of at most 5 MB. The server reads the PDF itself and has the last word.
 */
export function validateSubmission(values: SubmissionFormValues): Partial<Record<SubmissionField, string>> {
  const errors: Partial<Record<SubmissionField, string>> = {};
  const parsed = submissionFieldsSchema.safeParse({ title: values.title, abstract: values.abstract, keywords: values.keywords });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '') as SubmissionField;
      errors[key] ??= issue.message;
    }
  }
  if (!values.file) errors.file = EDITORIAL_MSG.pdfRequired;
  else if (!isPdf(values.file)) errors.file = EDITORIAL_MSG.notPdf;
  else if (values.file.size > ARTICLE_PDF_MAX_BYTES) errors.file = EDITORIAL_MSG.pdfTooLarge;
  if (values.cover) {
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(values.cover.type)) errors.cover = UPLOAD_MSG.invalidImage;
    else if (values.cover.size > LIMITS.imageMaxBytes) errors.cover = UPLOAD_MSG.tooLarge;
  }
  return errors;
}
