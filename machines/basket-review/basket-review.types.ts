import type { components } from '@openapi/schema';
import type { SubmissionLine } from '../order-submission/order-submission.types';

/** Why a line's offer can no longer be ordered. */
export type Unavailability = Exclude<components['schemas']['OfferAvailability']['status'], 'available'>;

export type PriceChange = { fromCents: number; toCents: number };

/** What the last check found, by basket line id. */
export type Findings = {
  /** Lines whose offer can no longer be ordered, and why. */
  unavailable: Partial<Record<string, Unavailability>>;
  /** Lines whose unit price changed since they were put in the basket. */
  priceChanges: Partial<Record<string, PriceChange>>;
};

/** A check's answer, read by the app against the basket as it is now and the findings shown before. */
export type CheckOutcome = {
  findings: Findings;
  /** Something the user has not seen yet: a line newly unavailable, a new price, a line not checked. */
  hasNews: boolean;
  /** The lines an order may carry: every line the check found available. */
  lines: SubmissionLine[];
  /** The new unit price (euros) of each line whose price changed, by basket line id. */
  newPrices: ReadonlyMap<string, number>;
};

export type CheckInput = { offerIds: number[]; previous: Findings };

export type BasketReviewContext = {
  findings: Findings;
  /** Unavailable lines the user keeps in the basket knowingly ("Keep in basket"): not sent. */
  kept: string[];
  /** Why the last check failed; null while a check runs and after one answered. */
  problem: string | null;
  /** The message of a failure that carries none (behaviour §8). */
  fallback: string;
};

export type BasketReviewEvent =
  /** The basket was opened: its offers are checked. */
  | { type: 'review.check'; offerIds: number[] }
  | { type: 'review.keep'; id: string; keep: boolean }
  /** Submit: `lineIds` are the basket's lines now; the offers are checked again before sending. */
  | { type: 'review.submit'; lineIds: string[]; offerIds: number[] };

export type BasketReviewEmitted =
  /** The check before sending found something new: the user sees it first, then submits again. */
  | { type: 'review.changed' }
  /** The check before sending found nothing new: these lines go to the order submission. */
  | { type: 'review.passed'; lines: SubmissionLine[] };

export type BasketReviewTypes = {
  input: { fallback: string };
  context: BasketReviewContext;
  events: BasketReviewEvent;
  emitted: BasketReviewEmitted;
  /** checking: the check on opening runs; sending: the check before sending runs. */
  tags: 'checking' | 'sending';
};
