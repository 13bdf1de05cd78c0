import { notifications } from '@mantine/notifications';

/** A change the server refused, shown where the user made it did not leave room for an inline message. */
export const notifyNotSaved = (error: unknown, title = 'Not saved') =>
  notifications.show({ color: 'red', title, message: error instanceof Error ? error.message : String(error) });
