/** Every route of SPEC section 2, in one place. */
export const paths = {
  root: '/',
  signIn: '/signin',
  signUp: '/signup',
  verifyEmail: '/verify-email',
  signOut: '/signout',
  profile: '/profile',
  offers: '/offers',
  offersRegular: '/offers/regular',
  offersPromo: '/offers/promo',
  cart: '/offers/order',
  orders: '/orders',
  ordersInProgress: '/orders/inprogress',
  ordersCompleted: '/orders/completed',
  ordersCancelled: '/orders/cancelled',
  billing: '/billing',
  seller: '/seller',
  manageOffers: '/seller/manage-offers',
  manageOffersUnpublished: '/seller/manage-offers/unpublished',
  reviewOrders: '/seller/review-orders',
  reviewOrdersInProgress: '/seller/review-orders/inprogress',
  reviewOrdersCompleted: '/seller/review-orders/completed',
  reviewOrdersCancelled: '/seller/review-orders/cancelled',
  createInvoice: '/seller/create-invoice',
  editor: '/editor',
} as const;

export const verifyEmailHref = (token: string) => `${paths.verifyEmail}?token=${encodeURIComponent(token)}`;
