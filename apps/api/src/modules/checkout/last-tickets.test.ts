import { checkoutBodySchema } from '@portal/contract';
import { describe, expect, it } from 'vitest';
import { suiteOnSale } from '../../../test/suite.ts';
import { checkoutBody } from '../../../test/seeders.ts';
import { checkout, type CheckoutDeps } from './checkout.ts';
import { recordBasket } from './record-sale.ts';
import { createSaleLanes } from './sale-lanes.ts';
import { createStockMemo } from './stock-memo.ts';

describe('the last tickets while a sale is being written', () => {
  const { t, org, sale } = suiteOnSale([{ name: 'GA', priceCents: 5000, amount: 1 }]);

  it('charges no buyer for a ticket that a sale being written may have taken: they look again once it is written', async () => {
    const s = { partnerId: org.partnerId, eventId: sale.event.id, dayId: sale.days[0]!.id, typeId: sale.types[0]!.id };
    const input = (email: string) =>
      checkoutBodySchema.parse(
        checkoutBody(s, { email, full_name: 'Last Ticket' }, [{ ticket_type_id: s.typeId, quantity: 1 }]),
      );

    const charged: string[] = [];
    const refunded: string[] = [];
    // The second buyer either waits for the sale being written, or (as before) is charged at once.
    let secondWaits!: () => void;
    const secondWaited = new Promise<void>((resolve) => (secondWaits = resolve));
    let secondCharged!: () => void;
    const chargedTwice = new Promise<void>((resolve) => (secondCharged = resolve));
    const stock = createStockMemo();
    const afterWrites = stock.afterWrites.bind(stock);
    stock.afterWrites = (wants) => {
      secondWaits();
      return afterWrites(wants);
    };
    // The first buyer's sale joins its batch (it is being written), and is held there until let go.
    let writing!: () => void;
    const beingWritten = new Promise<void>((resolve) => (writing = resolve));
    let letGo!: () => void;
    const written = new Promise<void>((resolve) => (letGo = resolve));
    const deps: CheckoutDeps = {
      db: t.db,
      payments: {
        ...t.app.payments,
        async charge(request) {
          if (charged.push(request.description) === 2) secondCharged();
          return t.app.payments.charge(request);
        },
        async refund(ref, cents, key) {
          refunded.push(ref);
          return t.app.payments.refund(ref, cents, key);
        },
      },
      stock,
      lanes: createSaleLanes(),
      batches: async (_eventId, sale) => {
        sale.joining();
        writing();
        await written;
        return recordBasket(t.db, sale.basket, sale.options);
      },
      afterSale: () => {},
      log: () => {},
    };

    const first = checkout(deps, input('first@fans.test'));
    await beingWritten;
    // The second buyer's read cannot see the first sale (it is not committed): one ticket seems left.
    const second = checkout(deps, input('second@fans.test'));
    second.catch(() => {});
    await Promise.race([secondWaited, chargedTwice]);
    expect(charged).toHaveLength(1);

    letGo();
    await expect(first).resolves.toMatchObject({ tickets: [{ price: 50 }] });
    await expect(second).rejects.toThrow('Not enough tickets are left.');
    expect(charged).toHaveLength(1);
    expect(refunded).toEqual([]);
  });
});
