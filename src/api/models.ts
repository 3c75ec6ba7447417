/** The contract's types the app uses, by the names the app speaks of them. */
import type { components, operations } from '@openapi/schema';

type Schemas = components['schemas'];

export type TokenPair = Schemas['TokenPair'];
export type Registration = Schemas['RegisterRequest'];
export type Profile = Schemas['Profile'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type VerifyEmailQuery = NonNullable<operations['verifyEmail']['parameters']['query']>;
export type Offer = Schemas['Offer'];
export type SpecialPriceRequest = Schemas['SpecialPriceRequest'];
export type Invoice = Schemas['Invoice'];
export type InvoiceListQuery = NonNullable<operations['listInvoices']['parameters']['query']>;
export type OfferAvailability = Schemas['OfferAvailability'];
export type Order = Schemas['Order'];
export type OrderLine = Schemas['OrderLine'];
export type OrderEvent = Schemas['OrderEvent'];
export type OrderListQuery = NonNullable<operations['listOrders']['parameters']['query']>;
export type OfferListQuery = NonNullable<operations['listOffers']['parameters']['query']>;
export type ManageOfferListQuery = NonNullable<operations['listManageOffers']['parameters']['query']>;
export type OfferChange = Schemas['OfferChange'];
export type InvoiceCreateRequest = Schemas['InvoiceCreateRequest'];
export type InvoicePaymentRequest = Schemas['InvoicePaymentRequest'];
export type UploadDuplicate = Schemas['UploadDuplicate'];
export type CounterRequest = Schemas['CounterRequest'];
