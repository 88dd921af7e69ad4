import { useDeferredValue } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * A page's data from the store, rendered in a transition. React renders a store update at once and in one
 * piece (useSyncExternalStore cannot be sliced): when a page of rows arrived, drawing them was one long
 * task that blocked the main thread on a phone. With the value deferred, the update renders the component
 * with what it had (a memoised part below it does nothing), and the new data renders in slices the
 * browser can interleave with input and paint. For the page's main data, not for what a control must
 * show the moment it changes.
 */
export function useDeferredSelector<T>(selector: (state: RootState) => T): T {
  return useDeferredValue(useAppSelector(selector));
}
