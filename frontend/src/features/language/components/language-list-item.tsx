import TranslateIcon from '@mui/icons-material/Translate';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useAppSelector } from '@/app/hooks';
import { choiceLabel } from '../language-labels';
import { selectLanguage } from '../language-slice';
import { useLanguageMenu } from '../use-language-menu';

/** The language control of the navigation drawer (phones have no room for it in the toolbar). */
export function LanguageListItem() {
  const choice = useAppSelector(selectLanguage);
  const { controlProps, menu } = useLanguageMenu();
  return (
    <ListItem disablePadding>
      <ListItemButton {...controlProps}>
        <ListItemIcon sx={{ minWidth: 36 }}>
          <TranslateIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText
          primary="Language"
          secondary={choiceLabel(choice)}
          slotProps={{ secondary: { lang: choice ?? undefined } }}
        />
      </ListItemButton>
      {menu}
    </ListItem>
  );
}
