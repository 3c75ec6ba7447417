/**
 * The contract's types the app uses, by the names the app speaks of them. Answers are typed as the
 * API client hands them over (`Read`): amounts in integer cents; requests as the contract takes them.
 */
import type { components, operations } from '@openapi/schema';
import type { Read } from '@openapi/schema.facts';

type Schemas = components['schemas'];

export type TokenPair = Schemas['TokenPair'];
export type RefreshedTokens = Schemas['RefreshedTokens'];
export type Registration = Schemas['RegisterRequest'];
export type Profile = Schemas['Profile'];
export type ProfileUpdate = Schemas['ProfileUpdate'];
export type VerifyEmailQuery = NonNullable<operations['verifyEmail']['parameters']['query']>;
export type Offer = Read<Schemas['Offer']>;
export type SpecialPriceRequest = Schemas['SpecialPriceRequest'];
export type Invoice = Read<Schemas['Invoice']>;
export type InvoiceListQuery = NonNullable<operations['listInvoices']['parameters']['query']>;
export type OfferAvailability = Read<Schemas['OfferAvailability']>;
export type Order = Read<Schemas['Order']>;
export type OrderLine = Read<Schemas['OrderLine']>;
export type OrderEvent = Schemas['OrderEvent'];
export type OrderListQuery = NonNullable<operations['listOrders']['parameters']['query']>;
export type OfferListQuery = NonNullable<operations['listOffers']['parameters']['query']>;
export type ManageOfferListQuery = NonNullable<operations['listManageOffers']['parameters']['query']>;
export type OfferChange = Schemas['OfferChange'];
export type OfferConflict = Read<Schemas['OfferConflict']>;
export type Options = Schemas['Options'];
export type OfferChangeRecord = Schemas['OfferChangeRecord'];
export type OfferChangeSource = Schemas['OfferChangeSource'];
export type OfferChangeListQuery = NonNullable<operations['listOfferChanges']['parameters']['query']>;
export type InvoicePaymentRequest = Schemas['InvoicePaymentRequest'];
export type InvoiceCreateRequest = Schemas['InvoiceCreateRequest'];
export type UploadDuplicate = Schemas['UploadDuplicate'];
export type CounterRequest = Schemas['CounterRequest'];
