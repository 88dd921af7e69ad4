import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Encounter, Monster, MonsterSummary, Mutator } from '@league/contracts';

export type LoadStatus = 'idle' | 'loading' | 'loaded' | 'failed';

export interface Loadable<T> {
  status: LoadStatus;
  /** What was asked for (an encounter or monster id), so a late answer for another one is ignored. */
  key: number | null;
  data: T | null;
  error: string | null;
}

export interface CatalogueState {
  encounters: Loadable<Encounter[]>;
  monsters: Loadable<MonsterSummary[]>;
  monster: Loadable<Monster>;
  mutators: Loadable<Mutator[]>;
}

const idle = { status: 'idle', key: null, data: null, error: null } as const;
const initialState: CatalogueState = { encounters: idle, monsters: idle, monster: idle, mutators: idle };

type Part = keyof CatalogueState;

function loading(state: CatalogueState, part: Part, key: number | null) {
  state[part] = { status: 'loading', key, data: null, error: null };
}
function loaded<P extends Part>(state: CatalogueState, part: P, key: number | null, data: CatalogueState[P]['data']) {
  if (state[part].key !== key) return;
  state[part] = { status: 'loaded', key, data, error: null } as CatalogueState[P];
}
function failed(state: CatalogueState, part: Part, key: number | null, error: string) {
  if (state[part].key !== key) return;
  state[part] = { status: 'failed', key, data: null, error };
}

const catalogueSlice = createSlice({
  name: 'catalogue',
  initialState,
  reducers: {
    encountersRequested(state) {
      loading(state, 'encounters', null);
    },
    encountersSucceeded(state, action: PayloadAction<Encounter[]>) {
      loaded(state, 'encounters', null, action.payload);
    },
    encountersFailed(state, action: PayloadAction<string>) {
      failed(state, 'encounters', null, action.payload);
    },
    monstersRequested(state, action: PayloadAction<{ encounterId: number }>) {
      loading(state, 'monsters', action.payload.encounterId);
    },
    monstersSucceeded(state, action: PayloadAction<{ encounterId: number; monsters: MonsterSummary[] }>) {
      loaded(state, 'monsters', action.payload.encounterId, action.payload.monsters);
    },
    monstersFailed(state, action: PayloadAction<{ encounterId: number; error: string }>) {
      failed(state, 'monsters', action.payload.encounterId, action.payload.error);
    },
    monsterRequested(state, action: PayloadAction<{ monsterId: number }>) {
      loading(state, 'monster', action.payload.monsterId);
    },
    monsterSucceeded(state, action: PayloadAction<Monster>) {
      loaded(state, 'monster', action.payload.monsterId, action.payload);
    },
    monsterFailed(state, action: PayloadAction<{ monsterId: number; error: string }>) {
      failed(state, 'monster', action.payload.monsterId, action.payload.error);
    },
    mutatorsRequested(state) {
      loading(state, 'mutators', null);
    },
    mutatorsSucceeded(state, action: PayloadAction<Mutator[]>) {
      loaded(state, 'mutators', null, action.payload);
    },
    mutatorsFailed(state, action: PayloadAction<string>) {
      failed(state, 'mutators', null, action.payload);
    },
  },
});

export const {
  encountersRequested,
  encountersSucceeded,
  encountersFailed,
  monstersRequested,
  monstersSucceeded,
  monstersFailed,
  monsterRequested,
  monsterSucceeded,
  monsterFailed,
  mutatorsRequested,
  mutatorsSucceeded,
  mutatorsFailed,
} = catalogueSlice.actions;
export const catalogueReducer = catalogueSlice.reducer;

type WithCatalogue = { catalogue: CatalogueState };
export const selectEncounters = (state: WithCatalogue) => state.catalogue.encounters;
export const selectMonsters = (state: WithCatalogue) => state.catalogue.monsters;
export const selectMonster = (state: WithCatalogue) => state.catalogue.monster;
export const selectMutators = (state: WithCatalogue) => state.catalogue.mutators;
