import { alpha, createTheme } from '@mui/material/styles';

// System fonts only: no web font downloads. Book faces first, then whatever serif the OS has.
export const displayFontFamily =
  '"Palatino Linotype", Palatino, "Book Antiqua", "URW Palladio L", P052, Georgia, Cambria, "Times New Roman", serif';
const bodyFontFamily =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "DejaVu Sans", Arial, sans-serif';

const bronze = '#c8924f';
const ember = '#d9622b';
const ash = '#ece3d3';

export const theme = createTheme({
  palette: {
    mode: 'dark',
    // WCAG AA (4.5:1, checked by axe-core in the e2e journeys): each main colour reads on the paper and the
    // page background, and the dark contrast text reads on the main colour (contained buttons, chips).
    primary: { main: bronze, light: '#e0b47a', dark: '#8f6330', contrastText: '#17120d' },
    secondary: { main: ember, light: '#f08a52', dark: '#9c3f17', contrastText: '#17120d' },
    error: { main: '#e5655a', contrastText: '#17120d' },
    warning: { main: '#d99a2b' },
    success: { main: '#6f9a52', contrastText: '#17120d' },
    background: { default: '#0f0e0d', paper: '#1a1816' },
    text: { primary: ash, secondary: '#a99e8d', disabled: '#6d655a' },
    divider: alpha(bronze, 0.2),
  },
  shape: { borderRadius: 4 },
  typography: {
    fontFamily: bodyFontFamily,
    h1: { fontFamily: displayFontFamily, fontWeight: 600, letterSpacing: '0.04em' },
    h2: { fontFamily: displayFontFamily, fontWeight: 600, letterSpacing: '0.03em' },
    h3: { fontFamily: displayFontFamily, fontWeight: 600, letterSpacing: '0.03em' },
    h4: { fontFamily: displayFontFamily, fontWeight: 600, letterSpacing: '0.02em' },
    h5: { fontFamily: displayFontFamily, fontWeight: 600 },
    h6: { fontFamily: displayFontFamily, fontWeight: 600, letterSpacing: '0.02em' },
    button: { fontWeight: 600, letterSpacing: '0.04em', textTransform: 'none' },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        body: {
          backgroundColor: '#0f0e0d',
          backgroundImage: `radial-gradient(ellipse at top, ${alpha(ember, 0.07)}, transparent 60%)`,
          backgroundAttachment: 'fixed',
        },
        '::selection': { backgroundColor: alpha(ember, 0.45) },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'transparent' },
      styleOverrides: {
        root: {
          backgroundColor: alpha('#141210', 0.96),
          backgroundImage: 'none',
          borderBottom: `1px solid ${alpha(bronze, 0.28)}`,
          backdropFilter: 'blur(6px)',
        },
      },
    },
    MuiPaper: {
      styleOverrides: { root: { backgroundImage: 'none' } },
    },
    MuiDialog: {
      styleOverrides: { paper: { border: `1px solid ${alpha(bronze, 0.3)}` } },
    },
    MuiButton: {
      styleOverrides: {
        containedPrimary: {
          backgroundImage: `linear-gradient(180deg, #d7a466 0%, ${bronze} 45%, #9e6c36 100%)`,
          boxShadow: `0 0 0 1px ${alpha('#000', 0.5)}, 0 2px 10px ${alpha(ember, 0.25)}`,
        },
      },
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      styleOverrides: { root: { color: '#e0b47a' } },
    },
  },
});
