import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown.ts';

const M = 60_000;
const H = 60 * M;
const D = 24 * H;

describe('formatCountdown', () => {
  it('shows days when more than 24 hours are left', () => {
    expect(formatCountdown(D + 1)).toBe('1d');
    expect(formatCountdown(D + 5 * H + 30 * M)).toBe('1d 5h');
    expect(formatCountdown(3 * D + 23 * H + 59 * M)).toBe('3d 23h');
  });

  it('shows hours and minutes from one hour up to exactly 24 hours', () => {
    expect(formatCountdown(D)).toBe('24h 0m');
    expect(formatCountdown(2 * H + 5 * M + 59_999)).toBe('2h 5m');
    expect(formatCountdown(H)).toBe('1h 0m');
  });

  it('shows minutes only under an hour', () => {
    expect(formatCountdown(H - 1)).toBe('59m');
    expect(formatCountdown(45 * M)).toBe('45m');
    expect(formatCountdown(59_999)).toBe('0m');
  });

  it('never goes negative', () => {
    expect(formatCountdown(0)).toBe('0m');
    expect(formatCountdown(-5 * H)).toBe('0m');
  });
});
