import { parseDate } from '@internationalized/date';
import { invoiceableClients, totalCentsOf } from '@machines/invoice-draft/invoice-draft.logic';
import { describe, expect, it } from 'vitest';
import { defaultDueDate, draftProblems, paymentDateProblem, sortOrders } from '@/features/billing/invoice-draft';
import { aReadOrder } from '../../support/fixtures';

const ada = { id: 7, name: 'Ada Client', company: 'Pixel Retail GmbH' };
const ben = { id: 8, name: 'Ben Buyer' };
const nordic = { id: 3, name: 'Nordic Keys' };
const pixel = { id: 4, name: 'Pixel Wholesale' };

describe('invoiceableClients', () => {
  it('groups the orders by client, then by storefront, both by name', () => {
    const orders = [
      aReadOrder({ id: 1, client: ben, seller: pixel }),
      aReadOrder({ id: 2, client: ada, seller: pixel }),
      aReadOrder({ id: 3, client: ada, seller: nordic }),
      aReadOrder({ id: 4, client: ada, seller: pixel }),
    ];
    const clients = invoiceableClients(orders);
    expect(clients.map((entry) => [entry.client.name, entry.count])).toEqual([
      ['Ada Client', 3],
      ['Ben Buyer', 1],
    ]);
    expect(
      clients[0]?.storefronts.map((shelf) => [shelf.storefront.name, shelf.orders.map((order) => order.id)]),
    ).toEqual([
      ['Nordic Keys', [3]],
      ['Pixel Wholesale', [2, 4]],
    ]);
  });

  it('has no client without orders', () => {
    expect(invoiceableClients([])).toEqual([]);
  });
});

describe('totalCentsOf and sortOrders', () => {
  const small = aReadOrder({ id: 1, total: '0.10', created_at: '2026-11-20T09:00:00Z' });
  const large = aReadOrder({ id: 2, total: '1234.20', created_at: '2026-11-19T09:00:00Z' });

  it('adds totals in whole cents, without floating-point drift', () => {
    expect(totalCentsOf([small, small, small])).toBe(30);
    expect(totalCentsOf([small, large])).toBe(123_430);
    expect(totalCentsOf([])).toBe(0);
  });

  it('orders by the grid column, either way', () => {
    expect(sortOrders([small, large], 'total').map((order) => order.id)).toEqual([1, 2]);
    expect(sortOrders([small, large], '-total').map((order) => order.id)).toEqual([2, 1]);
    expect(sortOrders([small, large], 'created_at').map((order) => order.id)).toEqual([2, 1]);
    expect(sortOrders([large, small], 'unknown').map((order) => order.id)).toEqual([2, 1]);
  });
});

describe('draftProblems', () => {
  const today = '2026-11-24';

  it('finds nothing wrong with orders and a due date from today on', () => {
    expect(draftProblems({ orderCount: 2, dueDate: today, today })).toEqual({});
  });

  it('asks for an order, at most 500, and a due date not in the past', () => {
    expect(draftProblems({ orderCount: 0, dueDate: null, today })).toEqual({
      order_ids: 'Pick at least one order to invoice.',
      due_date: 'Enter a due date.',
    });
    expect(draftProblems({ orderCount: 501, dueDate: '2026-11-23', today })).toEqual({
      order_ids: 'An invoice holds at most 500 orders: pick fewer.',
      due_date: 'The due date cannot be in the past.',
    });
  });

  it('is due 30 days on by default', () => {
    expect(defaultDueDate(parseDate('2026-12-15'))).toBe('2027-01-14');
  });
});

describe('paymentDateProblem', () => {
  it('takes a day from the issue day to today', () => {
    expect(paymentDateProblem('2026-11-10', '2026-11-10', '2026-11-24')).toBeUndefined();
    expect(paymentDateProblem('2026-11-24', '2026-11-10', '2026-11-24')).toBeUndefined();
    expect(paymentDateProblem('2026-11-09', '2026-11-10', '2026-11-24')).toBe(
      'The payment date cannot be before the invoice was issued.',
    );
    expect(paymentDateProblem('2026-11-25', '2026-11-10', '2026-11-24')).toBe(
      'The payment date cannot be in the future.',
    );
    expect(paymentDateProblem(null, '2026-11-10', '2026-11-24')).toBe('Enter the payment date.');
  });
});
