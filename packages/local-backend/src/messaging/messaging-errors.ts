import { AppwriteError } from '../http/errors.ts';

/**
 * Appwrite's Messaging errors (app/config/errors.php), with its types, codes and wording. They live
 * here rather than in the shared catalogue because only this module raises them.
 */
export const messagingErrors = {
  providerNotFound: () => new AppwriteError(404, 'provider_not_found', 'Provider with the requested ID could not be found.'),
  providerAlreadyExists: () => new AppwriteError(409, 'provider_already_exists', 'Provider with the requested ID already exists.'),
  providerIncorrectType: () => new AppwriteError(400, 'provider_incorrect_type', 'Provider with the requested ID is of the incorrect type.'),
  providerMissingCredentials: () => new AppwriteError(400, 'provider_missing_credentials', 'Provider with the requested ID is missing credentials.'),
  topicNotFound: () => new AppwriteError(404, 'topic_not_found', 'Topic with the request ID could not be found.'),
  topicAlreadyExists: () => new AppwriteError(409, 'topic_already_exists', 'Topic with the request ID already exists.'),
  subscriberNotFound: () => new AppwriteError(404, 'subscriber_not_found', 'Subscriber with the request ID could not be found.'),
  subscriberAlreadyExists: () => new AppwriteError(409, 'subscriber_already_exists', 'Subscriber with the request ID already exists.'),
  messageNotFound: () => new AppwriteError(404, 'message_not_found', 'Message with the requested ID could not be found.'),
  messageAlreadyExists: () =>
    new AppwriteError(
      409,
      'message_already_exists',
      'Message with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.',
    ),
  messageMissingTarget: () => new AppwriteError(400, 'message_missing_target', 'Message with the requested ID has no recipients (topics or users or targets).'),
  messageAlreadySent: () => new AppwriteError(400, 'message_already_sent', 'Message with the requested ID has already been sent.'),
  messageAlreadyProcessing: () => new AppwriteError(400, 'message_already_processing', 'Message with the requested ID is already being processed.'),
  messageAlreadyFailed: () => new AppwriteError(400, 'message_already_failed', 'Message with the requested ID has already failed.'),
  messageAlreadyScheduled: () => new AppwriteError(400, 'message_already_scheduled', 'Message with the requested ID has already been scheduled for delivery.'),
  messageTargetNotOfType: (type: 'email' | 'sms' | 'push') =>
    type === 'email'
      ? new AppwriteError(400, 'message_target_not_email', 'Message with the target ID is not an email target.')
      : type === 'sms'
        ? new AppwriteError(400, 'message_target_not_sms', 'Message with the target ID is not an SMS target.')
        : new AppwriteError(400, 'message_target_not_push', 'Message with the target ID is not a push target.'),
  messageMissingSchedule: () => new AppwriteError(400, 'message_missing_schedule', 'Message can not have status scheduled without a schedule.'),
  targetNotFound: () => new AppwriteError(404, 'user_target_not_found', 'The target could not be found.'),
  targetAlreadyExists: () => new AppwriteError(409, 'user_target_already_exists', 'A target with the same ID already exists.'),
  invalidEmail: () => new AppwriteError(400, 'general_invalid_email', 'Value must be a valid email address.'),
  invalidPhone: () =>
    new AppwriteError(
      400,
      'general_invalid_phone',
      "Value must be a valid phone number. Format this number with a leading '+' and a country code, e.g., +16175551212.",
    ),
};
