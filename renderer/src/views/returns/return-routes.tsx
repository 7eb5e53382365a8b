/**
 * The Returns worklist's inner page, `/returns/:id`, in its own error boundary so a failure
 * there leaves the shell and the list working. The list at `/returns` is the Returns view's.
 */
import { recordPage, viewRoutes } from '../view-routes';
import { ReturnDetailView } from './return-detail-view';

const RETURNS = { href: '/returns', label: 'Returns' };

export const ReturnRoutes = viewRoutes([
  {
    path: '/returns/:id',
    name: 'Return detail',
    page: recordPage('return', RETURNS, ReturnDetailView),
  },
]);
