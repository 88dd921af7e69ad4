// The item display is shared with the cloud stash and trading post tooltips (components/ui).
export {
  ItemDisplayCard,
  RARITY_COLOURS,
  levelRequirementOf,
  rarityColour,
  splitSetMark,
} from '@/components/ui/item-display';
