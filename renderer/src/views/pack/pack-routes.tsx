/**
 * The pack bench's pages: `/pack` (the station: scan an order, what was packed today) and
 * `/pack/:id` (the pack screen of one order), each in its own error boundary.
 */
import { recordPage, viewRoutes } from '../view-routes';
import { PackStartView } from './pack-start-view';
import { PackView } from './pack-view';

const PACK = { href: '/pack', label: 'Pack' };

export const PackRoutes = viewRoutes([
  { path: '/pack', name: 'Pack', page: () => <PackStartView /> },
  { path: '/pack/:id', name: 'Pack', page: recordPage('order', PACK, PackView) },
]);
