import { lazy, Suspense, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { errorDismissed, selectCurrentError } from '../ui-slice';

// Loaded with the first error, so the landing page's JavaScript does not carry MUI's dialog.
const ErrorDialog = lazy(() => import('./error-dialog'));

/** The global modal titled Error that shows API failures, one at a time. */
export function ErrorModal() {
  const dispatch = useAppDispatch();
  const message = useAppSelector(selectCurrentError);
  // Keep the last text while the dialog fades out, so it does not empty before it closes.
  const [shownMessage, setShownMessage] = useState(message);
  if (message !== null && message !== shownMessage) setShownMessage(message);
  if (shownMessage === null) return null;
  return (
    <Suspense fallback={null}>
      <ErrorDialog open={message !== null} message={shownMessage} onClose={() => dispatch(errorDismissed())} />
    </Suspense>
  );
}
