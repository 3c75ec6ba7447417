/**
 * Which test file must reach which operations with a 2xx answer. Each file declares its share with
 * `ownsOperations(api, '<file>')`; meta.test.ts checks that the shares together cover the contract,
 * each operation once.
 */
import path from 'node:path';
import type { RunnerTask, RunnerTestFile } from 'vitest';
import type { Api } from './server';

export const OPERATION_OWNERS = {
  auth: ['obtainToken', 'refreshToken', 'revokeToken'],
  account: ['register', 'verifyEmail', 'readProfile', 'updateProfile'],
  meta: ['listOptions', 'readSchema', 'checkHealth'],
  offers: ['listOffers'],
  'offer-availability': ['checkOfferAvailability'],
  'manage-offers': ['listManageOffers', 'bulkUpdateOffers'],
  'offer-history': ['listOfferHistory', 'listOfferChanges', 'revertOfferChanges'],
  upload: ['uploadOffers', 'publishOffers'],
  cart: ['readCart', 'addToCart', 'updateCartItem', 'removeCartItem'],
  checkout: ['checkoutCart'],
  'idempotent-checkout': ['readCheckout'],
  orders: ['listOrders', 'listReviewOrders', 'readOrder'],
  negotiation: ['approveOrder', 'cancelOrder', 'counterOrder', 'respondToCounter'],
  'special-price': ['requestSpecialPrice'],
  invoices: ['listInvoices'],
  invoicing: ['createInvoice', 'readInvoice', 'markInvoicePaid'],
} as const satisfies Record<string, readonly string[]>;

export type OperationOwner = keyof typeof OPERATION_OWNERS;

function tests(task: RunnerTask): RunnerTask[] {
  return task.type === 'test' ? [task] : task.tasks.flatMap(tests);
}

/**
 * Declares the operations this file owns. After the file, when every one of its tests ran and
 * passed (not a `-t` selection, not a failed run), each of them must have had a 2xx answer.
 */
export function ownsOperations(api: Api, owner: OperationOwner) {
  let file: RunnerTestFile | undefined;
  afterEach(({ task }) => {
    file = task.file;
  });
  afterAll(() => {
    if (!file) return;
    expect(path.basename(file.filepath), 'ownsOperations names its own file').toBe(`${owner}.test.ts`);
    if (tests(file).some((test) => test.mode !== 'run' || test.result?.state !== 'pass')) return;
    api.expectCovered(OPERATION_OWNERS[owner]);
  });
}
