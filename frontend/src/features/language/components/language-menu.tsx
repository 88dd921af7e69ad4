import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { isLanguageTag } from '@/lib/language';
import { languageName } from '@/lib/language-name';
import { AUTOMATIC_LABEL } from '../language-labels';
import { getGameDataLanguages } from '../api/get-game-data-languages';
import { languageChosen, selectLanguage } from '../language-slice';

const ENGLISH_ONLY = ['en'];

/** English always, and first; each language once; nothing that could not go in an Accept-Language header. */
function offeredOf(languages: unknown): string[] {
  const codes = Array.isArray(languages)
    ? languages.filter((code): code is string => typeof code === 'string' && isLanguageTag(code))
    : [];
  return ['en', ...codes.filter((code, index) => code !== 'en' && codes.indexOf(code) === index)];
}

// A plain function, not a component: Menu finds the item to focus and the roving tabindex among its direct
// MenuItem children (their `selected`, the props it adds).
function choiceItem(key: string, checked: boolean, label: string, onChoose: () => void, lang?: string) {
  return (
    <MenuItem key={key} role="menuitemradio" aria-checked={checked} selected={checked} onClick={onChoose}>
      <ListItemIcon>{checked && <CheckIcon fontSize="small" />}</ListItemIcon>
      {/* Each language is written in itself: `lang` lets a screen reader say it so. */}
      <ListItemText lang={lang}>{label}</ListItemText>
    </MenuItem>
  );
}

/**
 * The languages of the branch's game data, each by its own name, and Automatic (the browser's
 * Accept-Language). A lazy chunk of its own (see useLanguageMenu).
 */
export default function LanguageMenu({
  id,
  anchorEl,
  open,
  onClose,
}: {
  id: string;
  anchorEl: HTMLElement | null;
  open: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const choice = useAppSelector(selectLanguage);
  const branch = useAppSelector((state) => state.auth.branch);
  const [offered, setOffered] = useState<string[]>(ENGLISH_ONLY);

  // Asked each time the menu opens (an upload may have published another language since). The list lives
  // here, not in the store: only the open menu shows it, and this chunk loads only when it first opens.
  useEffect(() => {
    if (!open) return undefined;
    let current = true;
    getGameDataLanguages(branch).then(
      (answer) => current && setOffered(offeredOf(answer?.languages)),
      // English stays offered: names fall back to it anyway.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [open, branch]);

  const choose = (language: string | null) => {
    if (language !== choice) dispatch(languageChosen(language));
    onClose();
  };
  // A choice the branch does not offer (another branch's language) stays visible, and checked.
  const languages = choice && !offered.includes(choice) ? [...offered, choice] : offered;

  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': 'Language' } }}
    >
      {choiceItem('automatic', choice === null, AUTOMATIC_LABEL, () => choose(null))}
      {languages.map((code) => choiceItem(code, choice === code, languageName(code), () => choose(code), code))}
    </Menu>
  );
}
