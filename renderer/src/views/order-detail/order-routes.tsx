/**
 * The Orders workspace's inner pages: `/orders/new` (create) and `/orders/:id` (detail), each
 * in its own error boundary so a failure in one leaves the shell and the list working.
 * Mounted by app-routes for `/orders/*`; the list at `/orders` itself is the Orders view's.
 */
import { OrderCreateView } from '../order-create/order-create-view';
import { recordPage, viewRoutes } from '../view-routes';
import { OrderDetailView } from './order-detail-view';

const ORDERS = { href: '/orders', label: 'Orders' };

export const OrderRoutes = viewRoutes([
  { path: '/orders/new', name: 'Create order', page: () => <OrderCreateView /> },
  { path: '/orders/:id', name: 'Order detail', page: recordPage('order', ORDERS, OrderDetailView) },
]);
