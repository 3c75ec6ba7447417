/**
 * The demo accounts as most files use them: signed in once per file (in a beforeAll), with their
 * user ids, the storefronts each seller owns and the option lists. Read the fields inside tests.
 */
import type { Api, Options } from './server';

export interface Demo {
  /** Access tokens. */
  client: string;
  client2: string;
  seller: string;
  seller2: string;
  clientId: number;
  client2Id: number;
  /** `/api/v1/options/` as `seller` sees it. */
  options: Options;
  /** The storefronts of `seller`, and all the others. */
  own: Options['sellers'];
  foreign: Options['sellers'];
  ownIds: number[];
  /** The storefronts of `seller2`. */
  ownIds2: number[];
}

export function demoAccounts(api: Api): Demo {
  const demo: Demo = {
    client: '',
    client2: '',
    seller: '',
    seller2: '',
    clientId: 0,
    client2Id: 0,
    options: { publishers: [], regions: [], sellers: [] },
    own: [],
    foreign: [],
    ownIds: [],
    ownIds2: [],
  };
  beforeAll(async () => {
    [demo.client, demo.client2, demo.seller, demo.seller2] = await Promise.all([
      api.token('client'),
      api.token('client2'),
      api.token('seller'),
      api.token('seller2'),
    ]);
    [demo.clientId, demo.client2Id] = await Promise.all([api.userId('client'), api.userId('client2')]);
    demo.options = await api.req<Options>(200, 'GET', '/api/v1/options/', { token: demo.seller });
    demo.own = demo.options.sellers.filter((s) => s.is_own);
    demo.foreign = demo.options.sellers.filter((s) => !s.is_own);
    demo.ownIds = demo.own.map((s) => s.id);
    demo.ownIds2 = await api.ownStorefronts('seller2');
  });
  return demo;
}
