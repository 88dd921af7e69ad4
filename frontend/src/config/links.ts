// Outbound links in the header and footer; every entry opens in a new tab. The addresses are runtime
// configuration (see site-config.ts): a link the operator has not set is left out, never a placeholder.
import type { SiteLinks } from './site-config';

export interface ExternalLink {
  label: string;
  href: string;
}

const present = (links: Array<{ label: string; href: string | null }>): ExternalLink[] =>
  links.filter((link): link is ExternalLink => link.href !== null);

/** The game's new-items showcase (header link), or null when it is not configured. */
export function newItemsLink(links: SiteLinks): ExternalLink | null {
  return links.newItems ? { label: 'New Items', href: links.newItems } : null;
}

export function socialLinks(links: SiteLinks): ExternalLink[] {
  return present([
    { label: 'Discord', href: links.discord },
    { label: 'YouTube', href: links.youtube },
    { label: 'Twitch', href: links.twitch },
    { label: 'Reddit', href: links.reddit },
  ]);
}

export function donationLinks(links: SiteLinks): ExternalLink[] {
  return present([
    { label: 'Patreon', href: links.patreon },
    { label: 'PayPal', href: links.paypal },
  ]);
}
