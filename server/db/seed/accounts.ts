/** The four demo accounts of DESIGN.md, all verified, all with the demo password. */
import type { Database } from '../client';
import { users } from '../schema';
import { DAY } from './time';

export const DEMO_PASSWORD = 'Demo-pass-2026';

const SELLER_PERMISSIONS = ['add_offer', 'change_offer', 'delete_offer'] as const;
const DEMO_USERS = [
  {
    email: 'client@example.com',
    firstName: 'Ada',
    lastName: 'Client',
    company: 'Pixel Retail GmbH',
    phone: '+493012345678',
    isSeller: false,
  },
  {
    email: 'client2@example.com',
    firstName: 'Ben',
    lastName: 'Buyer',
    company: 'Gamepoint Trading Ltd',
    phone: '+442071234567',
    isSeller: false,
  },
  {
    email: 'seller@example.com',
    firstName: 'Sven',
    lastName: 'Seller',
    company: 'Nordic Keys AB',
    phone: '',
    isSeller: true,
  },
  {
    email: 'seller2@example.com',
    firstName: 'Sara',
    lastName: 'Supplier',
    company: 'Arcade Supply Ltd',
    phone: '',
    isSeller: true,
  },
] as const;

export interface Accounts {
  client: number;
  client2: number;
  seller: number;
  seller2: number;
  count: number;
}

/** `passwordHash` is made before the transaction: hashing is slow and needs no lock. */
export async function insertAccounts(tx: Database, passwordHash: string, now: number): Promise<Accounts> {
  const people = await tx
    .insert(users)
    .values(
      DEMO_USERS.map(({ isSeller, ...user }, i) => ({
        ...user,
        permissions: isSeller ? [...SELLER_PERMISSIONS] : [],
        passwordHash,
        isVerified: true,
        dateJoined: new Date(now - (400 - i * 30) * DAY),
      })),
    )
    .returning({ id: users.id });
  const [client, client2, seller, seller2] = people.map((row) => row.id) as [number, number, number, number];
  return { client, client2, seller, seller2, count: people.length };
}
