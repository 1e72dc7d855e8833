import { SERVER_MSG } from '@aesa/shared/messages';

/** The one error type services throw; the error plugin turns it into `{success:false, error}`. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** A machine-readable reason the client acts on (sent as `code`), when the status is not enough. */
    readonly code?: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthorized = (message: string = SERVER_MSG.notAuthenticated) => new AppError(401, message);
export const forbidden = (message: string = SERVER_MSG.forbidden) => new AppError(403, message);
export const notFound = (message: string = SERVER_MSG.notFound) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooMany = (message: string = SERVER_MSG.tooManyRequests) => new AppError(429, message);
