export interface CarouselSlide {
  title: string;
  text: string;
  /** CSS background: painted panels instead of images, so the landing page downloads nothing. */
  background: string;
}

const vignette = 'radial-gradient(ellipse at center, transparent 35%, rgba(8, 7, 6, 0.85) 100%)';
const grain = 'repeating-linear-gradient(115deg, rgba(255,255,255,0.018) 0 2px, transparent 2px 7px)';

export const carouselSlides: CarouselSlide[] = [
  {
    title: 'Season 7 has begun',
    text: 'Fresh characters, a fresh economy and a fresh ladder. Everyone starts from nothing.',
    background: `${vignette}, ${grain}, radial-gradient(circle at 72% 38%, rgba(217, 98, 43, 0.75), transparent 45%), linear-gradient(160deg, #2a1209 0%, #14100d 60%, #0b0a09 100%)`,
  },
  {
    title: 'Two ladders, two paths',
    text: 'Solo softcore trade or solo self-found hardcore. Choose how you want to suffer.',
    background: `${vignette}, ${grain}, radial-gradient(circle at 25% 60%, rgba(200, 146, 79, 0.55), transparent 50%), radial-gradient(circle at 80% 30%, rgba(120, 28, 20, 0.6), transparent 45%), linear-gradient(200deg, #1d1712 0%, #0d0c0b 100%)`,
  },
  {
    title: 'Challenges worth the blood',
    text: 'Earn points across Normal, Elite and Ultimate, and climb the leaderboard.',
    background: `${vignette}, ${grain}, radial-gradient(circle at 50% 110%, rgba(163, 38, 27, 0.8), transparent 55%), linear-gradient(180deg, #0d0c0c 0%, #1f0d0a 100%)`,
  },
  {
    title: 'A cloud stash that follows you',
    text: 'Send items out of the game, keep them safe and pull them back into any character.',
    background: `${vignette}, ${grain}, radial-gradient(circle at 30% 30%, rgba(86, 120, 110, 0.45), transparent 50%), radial-gradient(circle at 75% 75%, rgba(200, 146, 79, 0.35), transparent 45%), linear-gradient(135deg, #101514 0%, #0c0b0a 100%)`,
  },
  {
    title: 'Trade with the living',
    text: 'List your finds, make offers and buy out what you need on the trading post.',
    background: `${vignette}, ${grain}, radial-gradient(circle at 65% 45%, rgba(224, 180, 122, 0.5), transparent 45%), linear-gradient(120deg, #1b140c 0%, #0f0d0b 70%)`,
  },
];
