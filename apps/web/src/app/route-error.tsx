import { useRouteError } from 'react-router';
import { ErrorMessageBox } from '../components/error-message-box';

/**
 * A page that failed to render or to load (a chunk from an earlier deployment, for instance): trying
 * again reloads the page, which also fetches the current build.
 */
export function RouteError() {
  return (
    <ErrorMessageBox
      error={useRouteError()}
      onRetry={() => {
        window.location.reload();
      }}
    />
  );
}
