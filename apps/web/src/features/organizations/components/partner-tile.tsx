import { Avatar, Stack, Text, UnstyledButton } from '@mantine/core';
import type { UserPartner } from '@portal/contract';
import classes from './partner-tile.module.css';

type Props = { partner: UserPartner; onChoose: (partner: UserPartner) => void; disabled?: boolean };

export function PartnerTile({ partner, onChoose, disabled }: Props) {
  return (
    <UnstyledButton className={classes.tile} onClick={() => onChoose(partner)} disabled={disabled}>
      <Stack align="center" gap="sm">
        <Avatar src={partner.image || null} alt="" size={96} radius="md">
          {partner.name.slice(0, 2).toUpperCase()}
        </Avatar>
        <Text fw={600} ta="center">
          {partner.name}
        </Text>
      </Stack>
    </UnstyledButton>
  );
}
