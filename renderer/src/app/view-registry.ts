/**
 * The console's views, in navigation order: their address, name, icon and "go to" keys.
 * Views that later issues build say what they will hold, so their page is a clear "coming"
 * page, never a blank or broken one.
 */
import {
  Boxes,
  type LucideIcon,
  MapPin,
  Package,
  PackageCheck,
  Printer,
  Radar,
  Settings,
  Truck,
  Undo2,
  Warehouse,
} from 'lucide-react';

export interface ViewDef {
  id: string;
  /** The route (hash location): "/orders". */
  path: string;
  label: string;
  icon: LucideIcon;
  /** The "go to" sequence: "g o". */
  goKeys: string;
  /** For views not built yet: what they will hold. */
  coming?: string;
}

export const VIEWS: readonly ViewDef[] = [
  {
    id: 'orders',
    path: '/orders',
    label: 'Orders',
    icon: Package,
    goKeys: 'g o',
    coming:
      'Stage tabs with counts, every filter of the API, a grid you can arrange, bulk printing, export, order details and scan-to-print.',
  },
  { id: 'pack', path: '/pack', label: 'Pack', icon: PackageCheck, goKeys: 'g b' },
  {
    id: 'shipments',
    path: '/shipments',
    label: 'Shipments',
    icon: Truck,
    goKeys: 'g s',
  },
  {
    id: 'tracking',
    path: '/tracking',
    label: 'Tracking',
    icon: Radar,
    goKeys: 'g t',
  },
  {
    id: 'returns',
    path: '/returns',
    label: 'Returns',
    icon: Undo2,
    goKeys: 'g r',
  },
  {
    id: 'inventory',
    path: '/inventory',
    label: 'Inventory',
    icon: Boxes,
    goKeys: 'g i',
  },
  {
    id: 'locations',
    path: '/locations',
    label: 'Locations',
    icon: MapPin,
    goKeys: 'g l',
  },
  {
    id: 'print-queue',
    path: '/print-queue',
    label: 'Print queue',
    icon: Printer,
    goKeys: 'g p',
  },
  // The supervisor's floor at a glance (issue 29): every station of the floor's database.
  { id: 'floor', path: '/floor', label: 'Floor', icon: Warehouse, goKeys: 'g f' },
  { id: 'settings', path: '/settings', label: 'Settings', icon: Settings, goKeys: 'g ,' },
];

export const DEFAULT_PATH = '/orders';
