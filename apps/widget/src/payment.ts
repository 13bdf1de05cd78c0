import type { PublicWidget } from '@portal/contract';
import { field, h } from './dom.ts';

type StripeCard = { mount(el: HTMLElement): void };
type StripeJs = {
  elements(): { create(type: 'card'): StripeCard };
  createPaymentMethod(o: { type: 'card'; card: StripeCard }): Promise<{
    paymentMethod?: { id: string };
    error?: { message?: string };
  }>;
};
declare global {
  interface Window {
    Stripe?: (key: string) => StripeJs;
  }
}

let stripeScript: Promise<void> | null = null;
function loadStripe(): Promise<void> {
  if (window.Stripe) return Promise.resolve();
  stripeScript ??= new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'https://js.stripe.com/v3/';
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('The payment form could not load.'));
    document.head.append(s);
  });
  return stripeScript;
}

let cardSlots = 0;

/**
 * Stripe's card element refuses to mount inside a shadow root: it is mounted in the host page's DOM,
 * as a child of the widget's host element, and shown where the widget wants it through a named slot.
 */
function lightDomTarget(holder: HTMLElement): HTMLElement {
  const root = holder.getRootNode();
  if (!(root instanceof ShadowRoot)) return holder;
  const name = `ppw-card-${++cardSlots}`;
  for (const old of root.host.querySelectorAll(':scope > [slot^="ppw-card-"]')) old.remove();
  const target = document.createElement('div');
  target.slot = name;
  root.host.append(target);
  holder.append(h('slot', { name }));
  return target;
}

/**
 * The card input of the payments port's browser flow: with the test provider a card number goes to the
 * server as it is; with Stripe, Stripe's card element turns the card into a payment method id, so the
 * card number never touches this page or our server.
 */
export function cardField(payments: PublicWidget['payments']) {
  if (payments.provider === 'test') {
    const input = h('input', {
      name: 'card',
      inputmode: 'numeric',
      autocomplete: 'cc-number',
      placeholder: '4242 4242 4242 4242',
      required: true,
    });
    return { node: field('Card number', input), method: async () => input.value.trim() };
  }
  const slot = h('div', { class: 'field' }, h('span', { class: 'muted' }, 'Card'));
  const holder = h('div', { style: 'padding:10px;border:1px solid #c4ccd4;border-radius:8px' });
  slot.append(holder);
  const ready = loadStripe().then(() => {
    const stripe = window.Stripe!(payments.publishable_key);
    const card = stripe.elements().create('card');
    card.mount(lightDomTarget(holder));
    return { stripe, card };
  });
  return {
    node: slot,
    async method() {
      const { stripe, card } = await ready;
      const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });
      if (!paymentMethod) throw new Error(error?.message ?? 'Check the card details.');
      return paymentMethod.id;
    },
  };
}
