import { ButtonLink, type ButtonLinkProps } from '@outpost/ui';
import { type To, useHref, useLinkClickHandler } from 'react-router';

/**
 * The kit's ButtonLink for a path inside this remote's router (a relative `?page=2#replies`
 * too): a real link with the kit's button look, followed by react-router without a page load.
 */
export function RouterButtonLink({ to, ...rest }: Omit<ButtonLinkProps, 'href'> & { to: To }) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to);
  // A plain left click is the router's (it prevents the default, so the host's navigation stays out).
  return <ButtonLink {...rest} href={href} onClick={follow} />;
}
