import { alpha, type CSSObject, type Theme } from '@mui/material/styles';

/**
 * The look of MUI's small primary `Button` (outlined, and contained with the theme's override) for plain
 * `<button class="btn">` / `<button class="btn contained">` elements inside a table body: one style for the
 * whole body. A page of rows with two MUI buttons each spent most of its commit in the buttons' component
 * trees (ButtonBase, its ripple, two styled components and their style serialisation per button).
 * The same declarations as MUI's, from the theme; a keyboard focus shows the browser's outline instead of
 * MUI's pulsing ripple.
 */
export function plainButtons(theme: Theme): CSSObject {
  const { palette, shadows, shape, typography, transitions } = theme;
  const contained = (theme.components?.MuiButton?.styleOverrides?.containedPrimary ?? {}) as CSSObject;
  return {
    '& button.btn': {
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      position: 'relative',
      boxSizing: 'border-box',
      WebkitTapHighlightColor: 'transparent',
      margin: 0,
      cursor: 'pointer',
      userSelect: 'none',
      verticalAlign: 'middle',
      appearance: 'none',
      textDecoration: 'none',
      ...typography.button,
      fontSize: typography.pxToRem(13),
      minWidth: 64,
      // A string: a number here would be scaled by the theme's radius again (sx treats it as a multiple).
      borderRadius: `${shape.borderRadius}px`,
      transition: transitions.create(['background-color', 'box-shadow', 'border-color', 'color'], {
        duration: transitions.duration.short,
      }),
      padding: '3px 9px',
      border: `1px solid ${alpha(palette.primary.main, 0.5)}`,
      backgroundColor: 'transparent',
      color: palette.primary.main,
      '&::-moz-focus-inner': { borderStyle: 'none' },
      '@media (hover: hover)': {
        '&:hover': {
          borderColor: palette.primary.main,
          backgroundColor: alpha(palette.primary.main, palette.action.hoverOpacity),
        },
      },
      '&:disabled': {
        pointerEvents: 'none',
        cursor: 'default',
        color: palette.action.disabled,
        border: `1px solid ${palette.action.disabledBackground}`,
      },
    },
    '& button.btn.contained': {
      padding: '4px 10px',
      border: 0,
      color: palette.primary.contrastText,
      backgroundColor: palette.primary.main,
      boxShadow: shadows[2],
      ...contained,
      '@media (hover: hover)': { '&:hover': { backgroundColor: palette.primary.dark } },
      '&:hover': { boxShadow: shadows[4] },
      '&:active': { boxShadow: shadows[8] },
      '&:focus-visible': { boxShadow: shadows[6] },
      '&:disabled': {
        color: palette.action.disabled,
        boxShadow: 'none',
        backgroundColor: palette.action.disabledBackground,
        border: 0,
      },
    },
  };
}
