/** A failure the client can act on: a status, a stable code and a message for people. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string, code = 'not_found') => new AppError(code, 404, message);
export const badRequest = (message: string, code = 'bad_request', fields?: Record<string, string>) =>
  new AppError(code, 400, message, fields);
