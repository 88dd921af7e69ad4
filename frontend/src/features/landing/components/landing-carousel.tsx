import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { carouselSlides, type CarouselSlide } from './carousel-slides';

export const CAROUSEL_INTERVAL_MS = 6000;

/** Rotates through its slides on a timer; no indicators or arrows, as on the original site. */
export function LandingCarousel({
  slides = carouselSlides,
  intervalMs = CAROUSEL_INTERVAL_MS,
}: {
  slides?: CarouselSlide[];
  intervalMs?: number;
}) {
  // The slide fading out (previous) stays under the new one until the new one is in.
  const [{ active, previous }, setShown] = useState<{ active: number; previous: number | null }>({
    active: 0,
    previous: null,
  });

  useEffect(() => {
    if (slides.length < 2) return undefined;
    const timer = setInterval(
      () => setShown(({ active: index }) => ({ active: (index + 1) % slides.length, previous: index })),
      intervalMs,
    );
    return () => clearInterval(timer);
  }, [slides.length, intervalMs]);

  const next = slides.length > 1 ? (active + 1) % slides.length : null;
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label="Season highlights"
      sx={{
        position: 'relative',
        height: { xs: 220, sm: 280, md: 340 },
        overflow: 'hidden',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {slides.map((slide, index) => {
        const shown = index === active;
        // Only the slide shown, the one fading out and the next one (ready to fade in) are drawn: the landing
        // page's first render, on a phone's main thread, skips the rest.
        const drawn = shown || index === previous || index === next;
        return (
          <Box
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={!shown}
            data-active={shown}
            // Each slide's painting inline: one style rule serves every slide.
            style={drawn ? { background: slide.background, opacity: shown ? 1 : 0, zIndex: shown ? 1 : 0 } : undefined}
            sx={slideSx}
          >
            {drawn && (
              <>
                <Typography variant="h3" component="p" sx={titleSx}>
                  {slide.title}
                </Typography>
                <Typography sx={textSx}>{slide.text}</Typography>
              </>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

const slideSx = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'flex-end',
  px: { xs: 3, md: 8 },
  pb: { xs: 4, md: 6 },
  opacity: 0,
  transition: 'opacity 900ms ease-in-out',
  '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
} as const;
const titleSx = { fontSize: { xs: '1.7rem', md: '2.6rem' }, textShadow: '0 2px 12px rgba(0,0,0,0.8)' } as const;
const textSx = { maxWidth: 560, mt: 1, color: 'text.secondary', textShadow: '0 1px 6px rgba(0,0,0,0.9)' } as const;
