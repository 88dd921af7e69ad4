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
  const [active, setActive] = useState(0);

  useEffect(() => {
    if (slides.length < 2) return undefined;
    const timer = setInterval(() => setActive((index) => (index + 1) % slides.length), intervalMs);
    return () => clearInterval(timer);
  }, [slides.length, intervalMs]);

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
        return (
          <Box
            key={slide.title}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}`}
            aria-hidden={!shown}
            data-active={shown}
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              flexDirection: 'column',
              justifyContent: 'flex-end',
              px: { xs: 3, md: 8 },
              pb: { xs: 4, md: 6 },
              background: slide.background,
              opacity: shown ? 1 : 0,
              transition: 'opacity 900ms ease-in-out',
              '@media (prefers-reduced-motion: reduce)': { transition: 'none' },
            }}
          >
            <Typography
              variant="h3"
              component="p"
              sx={{ fontSize: { xs: '1.7rem', md: '2.6rem' }, textShadow: '0 2px 12px rgba(0,0,0,0.8)' }}
            >
              {slide.title}
            </Typography>
            <Typography sx={{ maxWidth: 560, mt: 1, color: 'text.secondary', textShadow: '0 1px 6px rgba(0,0,0,0.9)' }}>
              {slide.text}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}
