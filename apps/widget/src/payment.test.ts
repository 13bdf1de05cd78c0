import { afterEach, describe, expect, it } from 'vitest';
import { cardField } from './payment.ts';

describe('the Stripe card field', () => {
  afterEach(() => {
    document.body.replaceChildren();
    delete window.Stripe;
  });

  it('mounts Stripe’s card element in the host page, shown in the widget through a slot', async () => {
    let mountedIn: HTMLElement | null = null;
    window.Stripe = () => ({
      elements: () => ({ create: () => ({ mount: (el: HTMLElement) => void (mountedIn = el) }) }),
      createPaymentMethod: async () => ({ paymentMethod: { id: 'pm_standin' } }),
    });
    const host = document.body.appendChild(document.createElement('div'));
    const root = host.attachShadow({ mode: 'open' });
    const field = cardField({ provider: 'stripe', publishable_key: 'pk_test_standin' });
    root.append(field.node);
    expect(await field.method()).toBe('pm_standin');
    expect(mountedIn!.getRootNode()).toBe(document);
    expect(mountedIn!.parentElement).toBe(host);
    expect(root.querySelector(`slot[name="${mountedIn!.slot}"]`)).not.toBeNull();
  });
});
