export interface NavItem {
  label: string;
  to: string;
  /** Active only on exactly this path (the home page would otherwise match everything). */
  end?: boolean;
}

export const navItems: NavItem[] = [
  { label: 'Home', to: '/', end: true },
  { label: 'About', to: '/about' },
  { label: 'Season 7 Ladders', to: '/seasons' },
  { label: 'Previous Seasons', to: '/previous-seasons' },
  { label: 'Encounters', to: '/encounters' },
  { label: 'Changelog', to: '/changelog' },
  { label: 'Supporters', to: '/supporters' },
];
