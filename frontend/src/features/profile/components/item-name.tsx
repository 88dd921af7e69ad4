import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, useState } from 'react';
import type { ItemDisplay, ItemStats } from '@league/contracts';
import { ItemDisplayCard, rarityColour, splitSetMark } from '@/components/ui/item-display';
import { readLanguage } from '@/lib/language';
import { getItemStats } from '../api/get-item-stats';

const SET_COLOUR = '#52d152';

// By language and item: the stats name the item and its affixes in the language they were asked in.
const statsCache = new Map<string, Promise<ItemStats | null>>();

function loadStats(itemId: number): Promise<ItemStats | null> {
  const key = `${readLanguage() ?? ''}:${itemId}`;
  let pending = statsCache.get(key);
  if (!pending) {
    pending = getItemStats(itemId).catch(() => {
      statsCache.delete(key);
      return null;
    });
    statsCache.set(key, pending);
  }
  return pending;
}

/** "prefix base suffix" as the game writes it (set mark dropped; the tooltip shows it). */
export function itemDisplayName(display: ItemDisplay): string {
  return [
    display.prefix?.itemDbrTag.name,
    splitSetMark(display.baseItem.itemDbrTag.name).name,
    display.suffix?.itemDbrTag.name,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * An item's rarity-coloured name; hovering or focusing it shows the item display with its stat lines
 * (GET /season/item/{id}/stats, fetched once per item).
 */
export function ItemName({
  display,
  itemId,
  stackCount,
}: {
  display: ItemDisplay;
  itemId: number;
  stackCount?: number;
}) {
  const [stats, setStats] = useState<ItemStats | null>(null);
  // The tooltip is built on the first hover, focus or touch: a table shows a name a row, and a Tooltip (its
  // hooks and its styled popper, rendered even while closed) for each was a good part of a page's render.
  const [armed, setArmed] = useState<{ open: boolean; focus?: boolean } | null>(null);
  const nameRef = useRef<HTMLSpanElement>(null);
  // Arming replaces the name's element (now inside the Tooltip): a keyboard user's focus goes back to it.
  useEffect(() => {
    if (armed?.focus) nameRef.current?.focus();
  }, [armed?.focus]);
  const base = splitSetMark(display.baseItem.itemDbrTag.name);
  const onOpen = () => {
    void loadStats(itemId).then((answer) => answer && setStats(answer));
  };
  const card = (
    <Box sx={{ p: 1, maxWidth: 360 }} data-testid="item-tooltip">
      <ItemDisplayCard
        display={stats?.itemDisplay ?? display}
        itemStatLines={stats?.statDetail.itemStatLines ?? []}
        completionStatLines={stats?.statDetail.completionStatLines ?? []}
        nameComponent="span"
        nameVariant="subtitle1"
      />
    </Box>
  );
  const arm =
    (open: boolean, focus = false) =>
    () => {
      if (armed) return;
      setArmed({ open, focus });
      if (open) onOpen();
    };
  const name = (
    // Plain spans, coloured inline: a table shows one name a row, and a styled Box for each part of each
    // name was most of what a page of items cost to render.
    <span
      ref={nameRef}
      tabIndex={0}
      style={{ cursor: 'help', fontWeight: 500 }}
      onMouseEnter={armed ? undefined : arm(true)}
      onFocus={armed ? undefined : arm(true, true)}
      // A touch arms it closed: the tooltip's own long press opens it from then on.
      onTouchStart={armed ? undefined : arm(false)}
    >
      {display.prefix && (
        <span style={{ color: rarityColour(display.prefix.rarity) }}>{display.prefix.itemDbrTag.name} </span>
      )}
      <span style={{ color: rarityColour(display.baseItem.rarity) }}>{base.name}</span>
      {display.suffix && (
        <span style={{ color: rarityColour(display.suffix.rarity) }}> {display.suffix.itemDbrTag.name}</span>
      )}
      {base.isSet && <span style={{ color: SET_COLOUR, marginLeft: 4 }}>(S)</span>}
      {stackCount !== undefined && stackCount > 1 && (
        <Box component="span" sx={{ color: 'text.secondary', ml: 0.5 }}>
          ×{stackCount}
        </Box>
      )}
    </span>
  );
  if (!armed) return name;
  return (
    <Tooltip
      title={card}
      open={armed.open}
      onOpen={() => {
        setArmed({ open: true });
        onOpen();
      }}
      onClose={() => setArmed({ open: false })}
      placement="right-start"
      describeChild
    >
      {name}
    </Tooltip>
  );
}
