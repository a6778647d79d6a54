/** Errors the domain raises on purpose; the error handler turns them into the JSON shape of docs/reliability.md. */
import type { ErrorCode } from '@portal/contracts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const isAppError = (error: unknown): error is AppError => error instanceof AppError;
