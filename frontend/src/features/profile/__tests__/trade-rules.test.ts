import {
  canBuyOut,
  clampCount,
  editPrice,
  finalPrice,
  priceFromClipboard,
  priceToClipboard,
  withExclusiveTradingTags,
} from '../trade-rules';

describe('trade rules', () => {
  it('when a count is out of range or junk, then it clamps between 1 and the maximum', () => {
    expect(clampCount('0', 5)).toBe(1);
    expect(clampCount(-3, 5)).toBe(1);
    expect(clampCount('7', 5)).toBe(5);
    expect(clampCount('3.9', 5)).toBe(3);
    expect(clampCount('abc', 5)).toBe(1);
    expect(clampCount(4, 5)).toBe(4);
  });

  it('when there is no currency, then the price is cleared; with one, below 1 becomes 1', () => {
    expect(editPrice('', '25')).toBe('');
    expect(finalPrice('', '25')).toBeNull();
    expect(editPrice('Scrap', '0')).toBe('1');
    expect(editPrice('Scrap', '-4')).toBe('1');
    expect(editPrice('Scrap', '')).toBe('');
    expect(finalPrice('Scrap', '')).toBe(1);
    expect(finalPrice('Scrap', '12')).toBe(12);
  });

  it('when a price is copied and pasted, then it travels as JSON with currency and price', () => {
    expect(JSON.parse(priceToClipboard('Iron Bar', '8'))).toEqual({ currency: 'Iron Bar', price: 8 });
    expect(priceFromClipboard('{"currency":"Iron Bar","price":8}')).toEqual({ currency: 'Iron Bar', price: '8' });
    expect(priceFromClipboard('{"currency":"Iron Bar","price":0}')).toEqual({ currency: 'Iron Bar', price: '1' });
    expect(priceFromClipboard('{"currency":null,"price":8}')).toEqual({ currency: '', price: '' });
    expect(priceFromClipboard('{"currency":"Gold","price":8}')).toBeNull();
    expect(priceFromClipboard('8 Iron Bar')).toBeNull();
  });

  it('when the balance is below the asking price or the listing takes offers only, then it cannot be bought out', () => {
    const balances = [{ currency: 'Scrap', recordPath: 'x', amount: 5 }];
    expect(canBuyOut({ askingCurrency: 'Scrap', askingPrice: 5 }, balances)).toBe(true);
    expect(canBuyOut({ askingCurrency: 'Scrap', askingPrice: 6 }, balances)).toBe(false);
    expect(canBuyOut({ askingCurrency: 'Iron Bar', askingPrice: 1 }, balances)).toBe(false);
    expect(canBuyOut({ askingCurrency: null, askingPrice: null }, balances)).toBe(false);
  });

  it('when Listed or Not Listed is added, then the other one is dropped', () => {
    expect(withExclusiveTradingTags(['notListedForTrade'], ['notListedForTrade', 'listedForTrade'])).toEqual([
      'listedForTrade',
    ]);
    expect(withExclusiveTradingTags(['listedForTrade', 'x'], ['listedForTrade', 'x', 'notListedForTrade'])).toEqual([
      'x',
      'notListedForTrade',
    ]);
    expect(withExclusiveTradingTags(['x'], ['x', 'y'])).toEqual(['x', 'y']);
  });
});
