// The header's links (spec §2 "Header"), shared by the desktop bar, the mobile side menu and the footer.
import type { LucideIcon } from 'lucide-react';
import { ArrowLeftRight, Car, CircleDollarSign, Gift, Heart, Landmark, LayoutDashboard, ListChecks, Newspaper, Sparkles, Tag, UserRound } from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** spec §2: the trade appraiser opens with a full page load, so it is a plain <a href>. */
  fullReload?: boolean;
}

export const MAIN_NAV: NavItem[] = [
  // Not in the spec's list, but a dealership header without a way into the inventory would be odd.
  { to: '/vehicles', label: 'All Vehicles', icon: Car },
  { to: '/deal-of-the-day', label: 'Daily Deals', icon: Tag },
  { to: '/sell-my-vehicle', label: 'Sell My Vehicle', icon: CircleDollarSign },
  { to: '/vehicle-finder', label: 'Vehicle Recommender', icon: Sparkles },
  { to: '/trade-appraiser', label: 'Trade Appraiser', icon: ArrowLeftRight, fullReload: true },
  { to: '/blog', label: 'Blog', icon: Newspaper },
  { to: '/financing', label: 'Financing', icon: Landmark },
  { to: '/referral-program-info', label: 'Refer a Friend', icon: Gift },
];

/** spec §2: the user menu, in the spec's order; Admin Dashboard is added only for an active admin. */
export const ACCOUNT_NAV: NavItem[] = [
  { to: '/profile', label: 'Profile', icon: UserRound },
  { to: '/saved', label: 'Saved Vehicles', icon: Heart },
  { to: '/my-listings', label: 'My Listings', icon: ListChecks },
  { to: '/referral-program', label: 'Referral Program', icon: Gift },
];
export const ADMIN_NAV_ITEM: NavItem = { to: '/admin', label: 'Admin Dashboard', icon: LayoutDashboard };
