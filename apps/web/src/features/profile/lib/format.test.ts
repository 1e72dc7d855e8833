import { describe, expect, it } from 'vitest';
import { dateRange, fullDate, imageFileProblem, levelLine, safeHref, safeImageSrc } from './format.ts';

describe('levelLine', () => {
  it('joins the level and the class-of year', () => {
    expect(levelLine({ current_level: '300 Level', enrollment_year: 2022 })).toBe('300 Level · Enrolled 2022');
    expect(levelLine({ current_level: null, enrollment_year: 2022 })).toBe('Enrolled 2022');
    expect(levelLine({ current_level: 'Alumni', enrollment_year: null })).toBe('Alumni');
    expect(levelLine({ current_level: null, enrollment_year: null })).toBe('');
  });
});

describe('dates', () => {
  it('formats ranges and single dates without a time-zone shift', () => {
    expect(dateRange('2024-03-01', null)).toBe('Mar 2024 – Present');
    expect(dateRange('2024-03-01', '2024-06-30')).toBe('Mar 2024 – Jun 2024');
    expect(dateRange(null, null)).toBe('');
    expect(fullDate('2024-01-01')).toBe('1 Jan 2024');
  });
});

describe('safe links and images', () => {
  it('links only http(s) addresses', () => {
    expect(safeHref('https://github.com/someone')).toBe('https://github.com/someone');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('data:text/html,hi')).toBeNull();
    expect(safeHref('')).toBeNull();
  });

  it('shows our uploads and http(s) images only', () => {
    expect(safeImageSrc('/uploads/profile/x.webp')).toBe('/uploads/profile/x.webp');
    expect(safeImageSrc('javascript:alert(1)')).toBeNull();
  });
});

describe('imageFileProblem', () => {
  it('accepts JPEG, PNG and WebP up to 5 MB', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeNull();
    expect(imageFileProblem({ type: 'image/webp', size: 5 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types and larger files', () => {
    expect(imageFileProblem({ type: 'image/gif', size: 1000 })).toBe('Please select a valid image file (JPEG, PNG, WebP).');
    expect(imageFileProblem({ type: 'application/pdf', size: 1000 })).toBe('Please select a valid image file (JPEG, PNG, WebP).');
    expect(imageFileProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 + 1 })).toBe('File size must be less than 5MB.');
  });
});
