import { Loader, Paper, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { useRoles } from '../api/members.ts';

const label = (value: string) => value.replaceAll('_', ' ').replace(/^./, (c) => c.toUpperCase());

/** The server's roles as radio choices; the chosen role's permissions are listed beneath it. */
export function RolePicker({
  value,
  onChange,
  error,
}: {
  value: number | null;
  onChange: (id: number) => void;
  error?: string | null;
}) {
  const roles = useRoles();
  if (roles.isPending) return <Loader size="sm" aria-label="Loading roles" />;
  if (roles.isError) return <FailureAlert error={roles.error} />;
  const chosen = roles.data.find((r) => r.ID === value);
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Role"
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(Number(v))}
        error={error}
        required
      >
        <Stack gap={6} mt={6}>
          {roles.data.map((role) => (
            <Radio key={role.ID} value={String(role.ID)} label={label(role.name)} />
          ))}
        </Stack>
      </Radio.Group>
      {chosen && (
        <Paper withBorder p="sm" radius="sm">
          <Text size="sm" fw={600} mb={4}>
            Permissions
          </Text>
          <ScrollArea.Autosize mah={500} type="auto">
            <Stack gap={2} component="ul" style={{ margin: 0, paddingLeft: 18 }}>
              {chosen.Permissions.map((p) => (
                <Text key={p.ID} component="li" size="sm">
                  {label(p.value)}
                </Text>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Paper>
      )}
    </Stack>
  );
}
