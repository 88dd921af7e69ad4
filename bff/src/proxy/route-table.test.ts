import { resolveRoute } from './route-table';

describe('the BFF route table', () => {
  it('when the launcher writes a capitalised path, then it still reaches the owning service', () => {
    expect(resolveRoute('/Season/participant/12/standing')?.service).toBe('season');
    expect(resolveRoute('/File/base-game/file-sizes')?.service).toBe('files');
    expect(resolveRoute('/Account/login')?.service).toBe('account');
  });

  it('when two prefixes match, then the longest wins', () => {
    expect(resolveRoute('/admin/supporters')?.service).toBe('account');
    expect(resolveRoute('/admin/item/5')?.service).toBe('season');
    expect(resolveRoute('/admin/duplicates/7/release')?.service).toBe('season');
  });

  it('when a path only shares letters with a prefix, or nobody owns it, then there is no route', () => {
    expect(resolveRoute('/seasonal')).toBeUndefined();
    expect(resolveRoute('/admin/unknown')).toBeUndefined();
    expect(resolveRoute('/')).toBeUndefined();
  });
});
