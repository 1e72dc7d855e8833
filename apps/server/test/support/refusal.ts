import { codeOfMessage, type ErrorCode } from '@aesa/shared/error-codes';

/**
 * The answer of a refused request: the message, and the code the error-code table gives it (a
 * message of a request schema, which no code owns, is VALIDATION_FAILED). Pass the code where a
 * message belongs to more than one code or is made from arguments.
 */
export function refusal(error: string, code: ErrorCode = codeOfMessage(error) ?? 'VALIDATION_FAILED') {
  return { success: false, error, code };
}
