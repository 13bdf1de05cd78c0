import { Button, Group } from '@mantine/core';

type Props = {
  /** The step back, which changes nothing: "Cancel" unless said. */
  cancel?: string;
  onCancel: () => void;
  confirm: string;
  /** Without it the confirm button submits the form the actions stand in. */
  onConfirm?: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** For a step that deletes or undoes something. */
  danger?: boolean;
};

/** A dialog's closing pair of buttons: the step back, then the one that does what the dialog asks. */
export function DialogActions({ cancel = 'Cancel', onCancel, confirm, onConfirm, loading, disabled, danger }: Props) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {cancel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        color={danger ? 'red' : undefined}
        onClick={onConfirm}
        loading={loading}
        disabled={disabled}
      >
        {confirm}
      </Button>
    </Group>
  );
}
