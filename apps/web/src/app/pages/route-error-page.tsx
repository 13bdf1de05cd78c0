import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFound, PageMessage } from '../../components/not-found.tsx';

/** What a page shows when its address leads nowhere, or when it failed to load. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <PageMessage
      title="This page could not be shown"
      text="Something went wrong while loading this page. Reloading it may help."
    />
  );
}
