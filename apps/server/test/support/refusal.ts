import type { ErrorCode } from '@aesa/shared/error-codes';
import { expect } from 'vitest';

/**
 * The answer of a refused request: the message and its code (a message of a request schema
 * whose rule names no code of its own is VALIDATION_FAILED). The `params` and `field` the
 * answer may carry are checked where a test names them in `extra`.
 */
export function refusal(error: string, code: ErrorCode = 'VALIDATION_FAILED', extra: { field?: string; params?: unknown[] } = {}) {
  return expect.objectContaining({ success: false, error, code, ...extra });
}
