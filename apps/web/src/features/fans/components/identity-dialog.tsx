import { Button, Group, Modal, PinInput, Radio, Stack, Text } from '@mantine/core';
import { identityPinLength, type IdentityChannel, type IdentityPinSent } from '@portal/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { confirmIdentityPin, requestIdentityPin } from '../api/fans.ts';

type Props = { partnerId: number; fanId: number; hasPhone: boolean; opened: boolean; onClose: () => void };

/**
 * Confirms that the person on the phone or at the desk is the fan: a PIN goes to the fan's e-mail or
 * mobile, the fan reads it out, and the server checks what the member types.
 */
export function IdentityDialog({ partnerId, fanId, hasPhone, opened, onClose }: Props) {
  const [channel, setChannel] = useState<IdentityChannel>('email');
  const [sent, setSent] = useState<IdentityPinSent | null>(null);
  const [pin, setPin] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const request = useMutation({ mutationFn: () => requestIdentityPin(partnerId, fanId, channel), onSuccess: setSent });
  const check = useMutation({
    mutationFn: () => confirmIdentityPin(partnerId, fanId, pin),
    onSuccess: () => setConfirmed(true),
  });
  const close = () => {
    onClose();
    setSent(null);
    setPin('');
    setConfirmed(false);
    request.reset();
    check.reset();
  };

  if (confirmed)
    return (
      <Modal opened={opened} onClose={close} title="Identity confirmed" centered>
        <Stack>
          <Text>The PIN matches: this is the fan.</Text>
          <Group justify="flex-end">
            <Button onClick={close}>Dismiss</Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <Modal opened={opened} onClose={close} title="Confirm identity" centered>
      {sent === null ? (
        <Stack>
          <Radio.Group label="Send a 6-digit PIN by" value={channel} onChange={(v) => setChannel(v as IdentityChannel)}>
            <Stack gap="xs" mt="xs">
              <Radio value="email" label="Email" />
              <Radio value="sms" label="Mobile number" disabled={!hasPhone} />
            </Stack>
          </Radio.Group>
          <FailureAlert error={request.error} />
          <DialogActions
            onCancel={close}
            confirm="Next"
            loading={request.isPending}
            onConfirm={() => request.mutate()}
          />
        </Stack>
      ) : (
        <Stack>
          <Text>A PIN was sent to {sent.sent_to}. Ask the fan to read it out and type it here.</Text>
          <PinInput
            length={identityPinLength}
            type="number"
            oneTimeCode
            value={pin}
            onChange={setPin}
            aria-label="PIN"
            error={check.isError}
          />
          <FailureAlert error={check.error} />
          <FailureAlert error={request.error} />
          <Group justify="space-between">
            <Button variant="subtle" loading={request.isPending} onClick={() => request.mutate()}>
              Send Another Pin
            </Button>
            <Button
              disabled={pin.length !== identityPinLength}
              loading={check.isPending}
              onClick={() => check.mutate()}
            >
              Confirm
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
