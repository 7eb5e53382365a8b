/**
 * The Locations view's inner page: `/locations/:id` (one location), in its own error boundary
 * so a failure leaves the shell and the list working. Mounted by app-routes for
 * `/locations/*`; the list at `/locations` itself is the Locations view's.
 */
import { recordPage, viewRoutes } from '../view-routes';
import { LocationDetailView } from './location-detail-view';

const LOCATIONS = { href: '/locations', label: 'Locations' };

export const LocationsRoutes = viewRoutes([
  {
    path: '/locations/:id',
    name: 'Location detail',
    // The spec's location ids are integers: 0 and below are locations like any other.
    page: recordPage('location', LOCATIONS, LocationDetailView, { signed: true }),
  },
]);
