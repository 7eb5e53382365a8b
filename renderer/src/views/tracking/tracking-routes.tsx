/**
 * The Tracking explorer's inner page, `/tracking/:id`, in its own error boundary so a failure
 * there leaves the shell and the list working. The list at `/tracking` is the view's own.
 */
import { recordPage, viewRoutes } from '../view-routes';
import { TrackingEventView } from './tracking-event-view';

const TRACKING = { href: '/tracking', label: 'Tracking' };

export const TrackingRoutes = viewRoutes([
  {
    path: '/tracking/:id',
    name: 'Tracking event',
    page: recordPage('tracking event', TRACKING, TrackingEventView),
  },
]);
