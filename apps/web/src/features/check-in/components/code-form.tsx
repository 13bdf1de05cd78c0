import { Button, Group, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';

/** A ticket code typed at the gate: Enter sends it, and the field empties for the next one. */
export function CodeForm({ onCode }: { onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    onCode(typed);
    setCode('');
    input.current?.focus();
  };
  return (
    <form onSubmit={submit} aria-label="Type a ticket code">
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          ref={input}
          label="Ticket code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          style={{ flex: 1 }}
        />
        <Button type="submit">Admit</Button>
      </Group>
    </form>
  );
}
