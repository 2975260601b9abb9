import { AppwriteError } from '../http/errors.ts';

/** Appwrite's health errors (app/config/errors.php), with its messages. */
export const healthErrors = {
  serverError: (message: string) => new AppwriteError(500, 'general_server_error', message),
  queueSizeExceeded: (message: string) => new AppwriteError(503, 'health_queue_size_exceeded', message),
  invalidHost: (message: string) => new AppwriteError(404, 'health_invalid_host', message),
  certificateExpired: () =>
    new AppwriteError(404, 'health_certificate_expired', 'The SSL certificate for the specified domain has expired and is no longer valid.'),
};
