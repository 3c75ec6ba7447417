/**
 * Amounts the app writes into files and the basket's euros (behaviour §3, §9); amounts are read,
 * written and shown by the contract's rules (openapi/rules/money.ts).
 */
import { type Cents, moneyOf } from '@openapi/rules/money';

/** 1250 → "12.50" for a file a spreadsheet computes with; an amount that could not be read → "". */
export const plainAmount = (cents: Cents) => (Number.isFinite(cents) ? moneyOf(cents) : '');

/** A number of euros (the basket keeps prices as numbers, behaviour §3) in whole cents. */
export const centsOfEuros = (euros: number) => Math.round(euros * 100);
