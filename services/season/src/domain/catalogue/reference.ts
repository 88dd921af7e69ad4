import { BASE_CLASSES, DIFFICULTIES, STAT_FILTER_CATEGORIES, type Mutator, type StatFilter } from '@league/contracts';
import type { CatalogueDeps } from './ports';

const rank =
  <T>(list: readonly T[]) =>
  (v: T) =>
    list.indexOf(v);

/** The Season 4 mutators in page order: class column, then mutator, then Normal, Elite, Ultimate. */
export async function listMutators(deps: CatalogueDeps): Promise<Mutator[]> {
  const cls = rank(BASE_CLASSES);
  const diff = rank(DIFFICULTIES);
  return (await deps.reference.mutators()).sort(
    (a, b) => cls(a.class) - cls(b.class) || a.name.localeCompare(b.name) || diff(a.difficulty) - diff(b.difficulty),
  );
}

/** The stash's stat filter catalogue, grouped by category in the spec's order. */
export async function listStatFilters(deps: CatalogueDeps): Promise<StatFilter[]> {
  const cat = rank(STAT_FILTER_CATEGORIES);
  return (await deps.reference.statFilters()).sort(
    (a, b) => cat(a.category) - cat(b.category) || a.description.localeCompare(b.description),
  );
}
