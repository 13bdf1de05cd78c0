// A module of its own, so the lazy import fetches the stack alone: importing the package's index
// lazily would keep the stack in the first download beside the store the entry already imports.
export { Notifications } from '@mantine/notifications';
