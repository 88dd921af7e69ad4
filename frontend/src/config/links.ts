// Outbound links in the header and footer; every entry opens in a new tab.
// The league's real addresses are not in the spec: the *.example hosts below are placeholders to be
// replaced with the community's Discord, channels and donation pages before launch.

export interface ExternalLink {
  label: string;
  href: string;
}

/** The game's new-items showcase (header link). */
export const newItemsLink: ExternalLink = {
  label: 'New Items',
  href: 'https://grimleague.example/new-items',
};

export const socialLinks: ExternalLink[] = [
  { label: 'Discord', href: 'https://discord.grimleague.example/' },
  { label: 'YouTube', href: 'https://youtube.grimleague.example/' },
  { label: 'Twitch', href: 'https://twitch.grimleague.example/' },
  { label: 'Reddit', href: 'https://www.reddit.com/r/Grimdawn/' },
];

export const donationLinks: ExternalLink[] = [
  { label: 'Patreon', href: 'https://patreon.grimleague.example/' },
  { label: 'PayPal', href: 'https://paypal.grimleague.example/' },
];
