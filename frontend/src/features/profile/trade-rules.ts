import { CURRENCY_NAMES } from '@league/contracts/currencies';
import { LISTED_TAG, NOT_LISTED_TAG, type TradeCurrency, type TradeListing } from './api/trade-types';

// The client-side rules of spec §5; the server enforces each of them again.

/** A whole number between min and max (withdraw amounts, listing and offer counts); junk becomes min. */
export function clampCount(value: number | string, max: number, min = 1): number {
  const n = Math.floor(Number(value));
  if (!Number.isFinite(n)) return min;
  return Math.min(Math.max(n, min), Math.max(max, min));
}

export function isCurrency(name: unknown): name is string {
  return typeof name === 'string' && (CURRENCY_NAMES as readonly string[]).includes(name);
}

/**
 * The asking price as the price field edits it: cleared without a currency, otherwise at least 1 (an
 * empty field stays empty while typing; leaving it, or sending, makes it 1).
 */
export function editPrice(currency: string, raw: string): string {
  if (!currency) return '';
  if (raw.trim() === '') return '';
  const n = Math.floor(Number(raw));
  if (!Number.isFinite(n) || n < 1) return '1';
  return String(n);
}

/** The price sent: null without a currency, otherwise at least 1. */
export function finalPrice(currency: string, raw: string): number | null {
  if (!currency) return null;
  return Number(editPrice(currency, raw) || '1');
}

/** The clipboard form of an asking price (spec §5): JSON with currency and price. */
export function priceToClipboard(currency: string, raw: string): string {
  return JSON.stringify({ currency: currency || null, price: finalPrice(currency, raw) });
}

/** A pasted asking price, or null when the text is not one (so an ordinary paste goes ahead). */
export function priceFromClipboard(text: string): { currency: string; price: string } | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || !('currency' in value)) return null;
  const { currency, price } = value as { currency: unknown; price: unknown };
  if (currency === null || currency === '') return { currency: '', price: '' };
  if (!isCurrency(currency)) return null;
  return { currency, price: editPrice(currency, String(price ?? '')) || '1' };
}

/** Buy out only with at least the asking price of the asking currency (spec §5). */
export function canBuyOut(listing: Pick<TradeListing, 'askingCurrency' | 'askingPrice'>, balances: TradeCurrency[]) {
  if (!listing.askingCurrency || !listing.askingPrice) return false;
  const held = balances.find((b) => b.currency === listing.askingCurrency)?.amount ?? 0;
  return held >= listing.askingPrice;
}

/** Listed and not-listed exclude each other (spec §5): choosing one drops the other. */
export function withExclusiveTradingTags(previous: string[], next: string[]): string[] {
  const added = next.filter((tag) => !previous.includes(tag));
  if (added.includes(LISTED_TAG)) return next.filter((tag) => tag !== NOT_LISTED_TAG);
  if (added.includes(NOT_LISTED_TAG)) return next.filter((tag) => tag !== LISTED_TAG);
  return next;
}
