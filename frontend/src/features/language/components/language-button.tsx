import TranslateIcon from '@mui/icons-material/Translate';
import IconButton from '@mui/material/IconButton';
import type { SxProps, Theme } from '@mui/material/styles';
import { useLanguageMenu } from '../use-language-menu';

/**
 * The header's language control: an icon button that opens the language menu (which checks the current
 * choice). It names no language itself, so the landing page's JavaScript carries no language names.
 */
export function LanguageButton({ sx }: { sx?: SxProps<Theme> }) {
  const { controlProps, menu } = useLanguageMenu();
  return (
    <>
      <IconButton color="inherit" aria-label="Language" {...controlProps} sx={sx}>
        <TranslateIcon />
      </IconButton>
      {menu}
    </>
  );
}
