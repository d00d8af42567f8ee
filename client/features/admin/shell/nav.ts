// The back office's navigation: one list every admin page and the dashboard's tool links read.
// Each area adds its tools here (admin, accounts, leads and content issues); where each tool's code lives, and why,
// is in ../README.md.
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3, Calculator, Camera, Car, FileText, History, Images, Inbox, LayoutDashboard, ListChecks, Mail, PlusCircle, ScanLine,
  RefreshCw, Rss, Send, Settings, ShieldCheck, Upload, Users, Zap,
} from 'lucide-react';

export interface AdminNavItem { to: string; label: string; icon: LucideIcon; group: AdminNavGroup }
export type AdminNavGroup = 'Inventory' | 'Sales' | 'Content' | 'System';

export const ADMIN_NAV: AdminNavItem[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: LayoutDashboard, group: 'Inventory' },
  { to: '/admin/inventory', label: 'Inventory', icon: Car, group: 'Inventory' },
  { to: '/admin/add-vehicle', label: 'Add vehicle', icon: PlusCircle, group: 'Inventory' },
  { to: '/admin/bulk-import', label: 'Bulk import', icon: Upload, group: 'Inventory' },
  { to: '/admin/fast-import', label: 'Fast import', icon: Zap, group: 'Inventory' },
  { to: '/admin/vin-import', label: 'VIN import', icon: ScanLine, group: 'Inventory' },
  { to: '/admin/image-manager', label: 'Image manager', icon: Images, group: 'Inventory' },
  { to: '/admin/photos', label: 'Photo coverage', icon: Camera, group: 'Inventory' },
  { to: '/admin/listings', label: 'Private listings', icon: ListChecks, group: 'Inventory' },
  { to: '/admin/inventory-feeds', label: 'Inventory feeds', icon: RefreshCw, group: 'Inventory' },
  { to: '/admin/feeds', label: 'Vehicle feeds', icon: Rss, group: 'Inventory' },
  { to: '/admin/leads', label: 'Leads', icon: Inbox, group: 'Sales' },
  { to: '/admin/pre-approvals', label: 'Pre-approvals', icon: Users, group: 'Sales' },
  { to: '/admin/lead-delivery', label: 'Lead delivery', icon: Send, group: 'Sales' },
  { to: '/admin/deal-settings', label: 'Deal worksheet', icon: Calculator, group: 'Sales' },
  { to: '/admin/form-analytics', label: 'Form analytics', icon: BarChart3, group: 'Sales' },
  { to: '/admin/content', label: 'Content', icon: FileText, group: 'Content' },
  { to: '/admin/dealer-settings', label: 'Dealer settings', icon: Settings, group: 'System' },
  { to: '/admin/outbox', label: 'Outbox', icon: Mail, group: 'System' },
  { to: '/admin/audit-log', label: 'Audit log', icon: History, group: 'System' },
  { to: '/admin/security', label: 'Sign-in security', icon: ShieldCheck, group: 'System' },
];
