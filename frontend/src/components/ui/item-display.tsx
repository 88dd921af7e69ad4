import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ItemDisplay, ItemStatLine } from '@league/contracts';
import { ITEM_STYLES, STAT_TYPE_GRANTED_SKILL, STAT_TYPE_PET } from '@league/contracts/catalogue-constants';
import { StatText } from '@/components/ui/stat-text';

/** The game's rarity colours: magical yellow, rare green, epic blue, legendary purple. */
export const RARITY_COLOURS: Record<string, string> = {
  Common: '#ece3d3',
  Magical: '#f2e15b',
  Rare: '#52d152',
  Epic: '#4d9bff',
  Legendary: '#b66dff',
};
const SET_COLOUR = '#52d152';
const DEFAULT_COLOUR = '#ece3d3';

export function rarityColour(rarity: string | null | undefined): string {
  return (rarity && RARITY_COLOURS[rarity]) || DEFAULT_COLOUR;
}

const SET_MARK = '(S)';

/** A name containing '(S)' is a set item: the name without the mark, and whether it had one. */
export function splitSetMark(name: string): { name: string; isSet: boolean } {
  if (!name.includes(SET_MARK)) return { name, isSet: false };
  return {
    name: name
      .replace(SET_MARK, '')
      .replace(/\s{2,}/g, ' ')
      .trim(),
    isSet: true,
  };
}

/** Spec §9: the level requirement shown is the maximum across base item, prefix and suffix. */
export function levelRequirementOf(display: ItemDisplay): number {
  return Math.max(
    display.baseItem.levelRequirement,
    display.prefix?.levelRequirement ?? 0,
    display.suffix?.levelRequirement ?? 0,
  );
}

function StatLines({ lines, label }: { lines: ItemStatLine[]; label: string }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {lines.map((line, index) => (
        <Typography component="li" key={index} variant="body2" sx={{ py: 0.25 }}>
          <StatText text={line.statDisplay} />
        </Typography>
      ))}
    </Box>
  );
}

function Section({ title, lines, heading }: { title: string; lines: ItemStatLine[]; heading: 'h2' | 'p' }) {
  if (lines.length === 0) return null;
  return (
    <Box component="section" aria-label={title} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component={heading} color="primary.light" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <StatLines lines={lines} label={title} />
    </Box>
  );
}

interface ItemDisplayProps {
  display: ItemDisplay;
  itemStatLines: ItemStatLine[];
  completionStatLines?: ItemStatLine[];
  /** The item detail page's h1; a tooltip or a dialog names the item with a smaller heading. */
  nameComponent?: 'h1' | 'h2' | 'h3' | 'span';
  nameVariant?: 'h4' | 'h6' | 'subtitle1';
}

/**
 * How an item reads in the game's tooltip: rarity-coloured prefix, base and suffix names, the
 * Empowered/Mythical tag, '(S)' for set pieces, the level requirement, the stat lines, then the
 * 'Bonus to All Pets' and 'Granted Skills' sections and the set bonuses.
 */
export function ItemDisplayCard({
  display,
  itemStatLines,
  completionStatLines = [],
  nameComponent = 'h1',
  nameVariant = 'h4',
}: ItemDisplayProps) {
  const base = splitSetMark(display.baseItem.itemDbrTag.name);
  const styleTag = display.baseItem.style ? ITEM_STYLES[display.baseItem.style as keyof typeof ITEM_STYLES] : null;
  const statLines = itemStatLines.filter(
    (l) => l.statTypeId !== STAT_TYPE_PET && l.statTypeId !== STAT_TYPE_GRANTED_SKILL,
  );
  const petLines = itemStatLines.filter((l) => l.statTypeId === STAT_TYPE_PET);
  const grantedLines = itemStatLines.filter((l) => l.statTypeId === STAT_TYPE_GRANTED_SKILL);
  const sectionHeading = nameComponent === 'h1' ? 'h2' : 'p';

  return (
    <Box>
      <Typography
        variant={nameVariant}
        component={nameComponent}
        sx={{ ...(nameVariant === 'h4' && { fontSize: { xs: '1.6rem', md: '2.1rem' } }), overflowWrap: 'anywhere' }}
        data-testid="item-name"
      >
        {display.prefix && (
          <Box component="span" sx={{ color: rarityColour(display.prefix.rarity) }}>
            {display.prefix.itemDbrTag.name}{' '}
          </Box>
        )}
        <Box component="span" sx={{ color: rarityColour(display.baseItem.rarity) }} data-testid="item-base-name">
          {base.name}
        </Box>
        {display.suffix && (
          <Box component="span" sx={{ color: rarityColour(display.suffix.rarity) }}>
            {' '}
            {display.suffix.itemDbrTag.name}
          </Box>
        )}
        {base.isSet && (
          <Box
            component="abbr"
            title="Set item"
            aria-label="Set item"
            sx={{ color: SET_COLOUR, ml: 1, textDecoration: 'none', fontSize: '0.8em' }}
          >
            {SET_MARK}
          </Box>
        )}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {styleTag && <Chip label={styleTag} color={styleTag === 'Mythical' ? 'secondary' : 'primary'} size="small" />}
        <Typography variant="body2" color="text.secondary">
          {[display.baseItem.rarity, display.itemType].filter(Boolean).join(' ')}
        </Typography>
      </Stack>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Level Requirement: <strong>{levelRequirementOf(display)}</strong>
      </Typography>
      <Section title="Stats" lines={statLines} heading={sectionHeading} />
      <Section title="Bonus to All Pets" lines={petLines} heading={sectionHeading} />
      <Section title="Granted Skills" lines={grantedLines} heading={sectionHeading} />
      <Section title="Set Bonuses" lines={completionStatLines} heading={sectionHeading} />
    </Box>
  );
}
