import { useLocation } from 'react-router';

/** Shows the router's current location, so tests can assert where a click led. */
export function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}
