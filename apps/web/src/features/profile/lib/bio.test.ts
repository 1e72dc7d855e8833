import { describe, expect, it } from 'vitest';
import { bioPreview } from './bio.ts';

describe('bioPreview', () => {
  it('keeps a short bio whole', () => {
    expect(bioPreview('Hello there')).toEqual({ text: 'Hello there', truncated: false });
  });

  it('keeps a bio of exactly 200 characters whole', () => {
    const bio = 'a'.repeat(200);
    expect(bioPreview(bio)).toEqual({ text: bio, truncated: false });
  });

  it('cuts a longer bio at 200 characters with an ellipsis', () => {
    const bio = 'b'.repeat(201);
    const preview = bioPreview(bio);
    expect(preview.truncated).toBe(true);
    expect(preview.text).toBe(`${'b'.repeat(200)}…`);
  });

  it('treats a missing or blank bio as empty', () => {
    expect(bioPreview(null)).toEqual({ text: '', truncated: false });
    expect(bioPreview('   ')).toEqual({ text: '', truncated: false });
  });

  it('does not split an emoji at the cut', () => {
    const bio = `${'x'.repeat(199)}🚀🚀`;
    expect(bioPreview(bio).text).toBe(`${'x'.repeat(199)}🚀…`);
  });

  it('drops spaces before the ellipsis', () => {
    const bio = `${'y'.repeat(198)}  and more`;
    expect(bioPreview(bio).text).toBe(`${'y'.repeat(198)}…`);
  });
});
