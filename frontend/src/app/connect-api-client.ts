import { configureApiClient } from '@/lib/api-client';
import type { AppStore } from './store';
import { errorRaised, requestSlowed, slowRequestSettled } from './ui-slice';

/** Routes the API client's reports to the busy indicator, the Error modal and the login page. */
export function connectApiClient(store: AppStore, navigate: (to: string) => void): () => void {
  return configureApiClient({
    requestSlowed: () => store.dispatch(requestSlowed()),
    slowRequestSettled: () => store.dispatch(slowRequestSettled()),
    errorRaised: (message) => store.dispatch(errorRaised(message)),
    unauthorized: () => navigate('/login'),
  });
}
