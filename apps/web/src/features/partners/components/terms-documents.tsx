import { Anchor, Button, Modal, Stack, Table, Text } from '@mantine/core';
import type { TermsDocument } from '@portal/contract';
import { useState } from 'react';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { RemoveButton } from '../../../components/remove-button.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { useDeleteTerms, useTerms } from '../api/terms.ts';
import { AddDocumentModal } from './add-document-modal.tsx';

export function TermsDocuments({ partnerId, editable }: { partnerId: number; editable: boolean }) {
  const terms = useTerms(partnerId);
  const remove = useDeleteTerms(partnerId);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TermsDocument | null>(null);

  return (
    <SectionCard
      title="Terms of service"
      action={
        editable && (
          <Button size="xs" onClick={() => setAdding(true)}>
            Add Document
          </Button>
        )
      }
    >
      {terms.isError && <Text c="red">{terms.error.message}</Text>}
      {terms.data?.length === 0 && (
        <Text c="dimmed" size="sm">
          No documents yet. Buyers see these terms when they buy your tickets.
        </Text>
      )}
      {terms.data && terms.data.length > 0 && (
        <Table>
          <Table.Tbody>
            {terms.data.map((doc) => (
              <Table.Tr key={doc.ID}>
                <Table.Td>
                  <Anchor href={doc.file} target="_blank" rel="noopener noreferrer">
                    {doc.file_name}
                  </Anchor>
                </Table.Td>
                <Table.Td w={48}>
                  {editable && <RemoveButton label={`Delete ${doc.file_name}`} onClick={() => setDeleting(doc)} />}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {adding && <AddDocumentModal partnerId={partnerId} onClose={() => setAdding(false)} />}
      {deleting && (
        <Modal opened onClose={() => setDeleting(null)} title="Delete document" centered>
          <Stack>
            <Text>Delete “{deleting.file_name}”? Buyers will no longer see it.</Text>
            {remove.isError && <Text c="red">{remove.error.message}</Text>}
            <DialogActions
              onCancel={() => setDeleting(null)}
              confirm="Delete"
              danger
              loading={remove.isPending}
              onConfirm={() => remove.mutate(deleting.ID, { onSuccess: () => setDeleting(null) })}
            />
          </Stack>
        </Modal>
      )}
    </SectionCard>
  );
}
