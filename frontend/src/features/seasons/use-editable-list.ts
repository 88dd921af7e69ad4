import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { LoadStatus } from './seasons-slice';

export const UNSAVED_TEXT = '* Changes have not been saved';

interface EditableListOptions<T> {
  /** The entry's id; 0 is an entry not saved yet. */
  idOf: (entry: T) => number;
  load: () => Promise<T[]>;
  save: (entry: T) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
  /** A fresh entry with id 0. */
  blank: () => T;
}

/**
 * The editing rules shared by builds and screenshots (spec §4): a new entry has id 0 and blocks Add;
 * any edit, or a new entry, marks the list unsaved; Save sends the changed entries, then reloads and
 * clears the mark; deleting an unsaved entry removes it locally, a saved one on the server.
 */
export function useEditableList<T>({ idOf, load, save, remove, blank }: EditableListOptions<T>) {
  const [status, setStatus] = useState<LoadStatus>('loading');
  const [error, setError] = useState<string | null>(null);
  const [entries, setEntries] = useState<T[]>([]);
  /** Indexes of entries changed since the last load. */
  const [changed, setChanged] = useState<ReadonlySet<number>>(new Set());
  const [saving, setSaving] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    setStatus('loading');
    try {
      const list = await loadRef.current();
      setEntries(list);
      setChanged(new Set());
      setStatus('loaded');
      setError(null);
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : GENERIC_ERROR_MESSAGE);
      setStatus('failed');
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const hasNew = entries.some((entry) => idOf(entry) === 0);
  const unsaved = hasNew || changed.size > 0;

  const add = () => {
    if (hasNew) return;
    setEntries((list) => [...list, blank()]);
  };

  const update = (index: number, next: T) => {
    setEntries((list) => list.map((entry, i) => (i === index ? next : entry)));
    setChanged((set) => new Set(set).add(index));
  };

  /** Removes an entry: locally when it was never saved, else on the server first. */
  const removeAt = async (index: number) => {
    const entry = entries[index];
    if (entry === undefined) return;
    const id = idOf(entry);
    if (id !== 0) {
      try {
        await remove(id);
      } catch {
        return; // the Error modal has told the visitor
      }
    }
    setEntries((list) => list.filter((_, i) => i !== index));
    setChanged((set) => new Set([...set].filter((i) => i !== index).map((i) => (i > index ? i - 1 : i))));
  };

  /** Saves every new or changed entry, then reloads the list. */
  const saveAll = async () => {
    setSaving(true);
    try {
      for (const [index, entry] of entries.entries()) {
        if (idOf(entry) === 0 || changed.has(index)) await save(entry);
      }
      await reload();
    } catch {
      // the Error modal has told the visitor; the edits stay for another try
    } finally {
      setSaving(false);
    }
  };

  return { status, error, entries, unsaved, hasNew, saving, add, update, removeAt, saveAll, reload };
}
