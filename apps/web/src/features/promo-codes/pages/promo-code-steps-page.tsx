import { ActionIcon, Button, Group, Paper, Stack, Stepper } from '@mantine/core';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { notifications } from '@mantine/notifications';
import { messages, type PromoCode } from '@portal/contract';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUnsavedChanges } from '../../../components/unsaved-changes.tsx';
import { useLocation, useNavigate } from 'react-router';
import { attachPromoCode, detachPromoCode } from '../../../api/promo-codes.ts';
import { ApiRequestError } from '../../../lib/http.ts';
import { usePartnerId } from '../../../lib/session.ts';
import { createPromoCode, updatePromoCode, usePromoCode } from '../api/promo-code.ts';
import { AttachStep } from '../components/attach-step.tsx';
import { ActiveDaysStep, InformationStep, SummaryStep } from '../components/promo-steps.tsx';
import {
  attachmentChanges,
  canLeaveStepOne,
  fromPromo,
  newPromoDraft,
  toPromoInput,
  type PromoDraft,
} from '../draft.ts';
import { notifyNotSaved } from '../../../lib/notify.ts';
import { Loading } from '../../../components/query-boundary.tsx';

/** Navigation state, as the spec gives it: active (1-based step), ID, fromEvent, eventId, isEdit. */
type WizardNav = { active?: number; ID?: number; fromEvent?: boolean; eventId?: number; isEdit?: boolean } | null;

const labels = ['Promo Code Information', 'Set Active days', 'Attach to Ticket Type', 'Summary/Preview'];

export function PromoCodeStepsPage() {
  const nav = useLocation().state as WizardNav;
  const existing = usePromoCode(nav?.ID ?? null);
  if (nav?.ID && !existing.data) {
    return existing.isError ? <FailureAlert error={existing.error} /> : <Loading label="Loading the promo code" />;
  }
  return <PromoWizard nav={nav} initial={existing.data ?? null} />;
}

function PromoWizard({ nav, initial }: { nav: WizardNav; initial: PromoCode | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const partnerId = usePartnerId();
  const [promo, setPromo] = useState<PromoCode | null>(initial);
  const [draft, setDraft] = useState<PromoDraft>(() => (initial ? fromPromo(initial) : newPromoDraft()));
  const [active, setActive] = useState(Math.min(3, Math.max(0, (nav?.active ?? 1) - 1)));
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string>();
  // Each step is saved as a draft on Continue: only what changed since is lost by leaving.
  const [unsaved, setUnsaved] = useState(false);
  const guard = useUnsavedChanges(unsaved, 'what you changed since the last save');

  const update = (patch: Partial<PromoDraft>) => {
    setUnsaved(true);
    setDraft((d) => ({ ...d, ...patch }));
  };
  /** Every save changes what the grid shows, whether the wizard ends with Create or Cancel. */
  const remember = (saved: PromoCode) => {
    setPromo(saved);
    setUnsaved(false);
    void queryClient.invalidateQueries({ queryKey: ['promocodes'] });
  };
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: ['promocodes'] });
    void queryClient.invalidateQueries({ queryKey: ['event'] });
    guard.release();
    void navigate(nav?.fromEvent && nav.eventId ? `/event-summary/${nav.eventId}` : '/promo-code');
  };

  /** Creates the draft on first save, updates it afterwards; answers false when the server refused. */
  const save = async (extra: { draft?: boolean } = {}): Promise<boolean> => {
    setBusy(true);
    try {
      const body = {
        ...toPromoInput(draft, partnerId),
        draft: promo?.draft ?? true,
        active: promo?.active ?? true,
        ...extra,
      };
      const saved = promo ? await updatePromoCode(promo.ID, body) : await createPromoCode(body);
      remember(saved);
      setNameError(undefined);
      return true;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409) setNameError(messages.promoNameUsed);
      else notifyNotSaved(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Continue at step 3: attach what is chosen, detach what is no longer. */
  const saveAttachments = async (): Promise<boolean> => {
    if (!promo) return save();
    setBusy(true);
    try {
      const { detach, batches } = attachmentChanges(promo.TicketTypes, draft.attached);
      let latest = promo;
      for (const id of detach) latest = await detachPromoCode(promo.ID, id);
      for (const items of batches) latest = await attachPromoCode(promo.ID, items);
      remember(latest);
      return true;
    } catch (error) {
      notifyNotSaved(error);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const next = async () => {
    const ok = active === 2 ? await saveAttachments() : await save();
    if (ok) setActive((a) => a + 1);
  };
  const create = async () => {
    if ((await saveAttachments()) && (await save({ draft: false }))) done();
  };

  return (
    <Stack maw={860}>
      <Group>
        {active === 0 && (
          <ActionIcon variant="subtle" aria-label="Back to promo codes" onClick={() => void navigate('/promo-code')}>
            <IconArrowLeft size={18} />
          </ActionIcon>
        )}
        <PageTitle>{nav?.isEdit ? 'Edit promo code' : 'New promo code'}</PageTitle>
      </Group>
      <Stepper
        active={active}
        onStepClick={(i) => i < active && setActive(i)}
        allowNextStepsSelect={false}
        size="sm"
        wrap
      >
        {labels.map((label, i) => (
          <Stepper.Step
            key={label}
            label={label}
            description={i < active ? 'Done' : i === active ? 'In progress' : 'Upcoming'}
          />
        ))}
      </Stepper>
      {/* A form, so Enter in a field continues as the step's main button does. */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy || (active === 0 && !canLeaveStepOne(draft))) return;
          void (active < 3 ? next() : create());
        }}
      >
        <Stack>
          <Paper withBorder p="lg" radius="md" component="section" aria-label={labels[active]}>
            {active === 0 && <InformationStep draft={draft} update={update} nameError={nameError} />}
            {active === 1 && <ActiveDaysStep draft={draft} update={update} />}
            {active === 2 && <AttachStep draft={draft} update={update} partnerId={partnerId} />}
            {active === 3 && <SummaryStep draft={draft} partnerId={partnerId} />}
          </Paper>
          <Group justify="space-between">
            <Group>
              <Button variant="default" onClick={() => void navigate('/promo-code')}>
                Cancel
              </Button>
              <Button
                variant="subtle"
                loading={busy}
                disabled={!canLeaveStepOne(draft)}
                onClick={() =>
                  void (active === 2 ? saveAttachments() : save()).then(
                    (ok) => ok && notifications.show({ message: 'Draft saved' }),
                  )
                }
              >
                Save draft
              </Button>
            </Group>
            <Button type="submit" loading={busy} disabled={active === 0 && !canLeaveStepOne(draft)}>
              {active < 3 ? 'Continue' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
