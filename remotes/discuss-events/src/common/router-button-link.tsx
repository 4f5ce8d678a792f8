import { ButtonLink, type ButtonLinkProps } from '@outpost/ui';
import { type To, useHref, useNavigate } from 'react-router';

/**
 * The kit's ButtonLink for a path inside this remote's router (a relative `?page=2#replies`
 * too): a real link with the kit's button look, followed by react-router without a page load.
 * (Only the router exports listed in shared/build's ROUTER_EXPORTS exist at run time: the shared
 * router is tree-shaken, so no useLinkClickHandler here.)
 */
export function RouterButtonLink({ to, ...rest }: Omit<ButtonLinkProps, 'href'> & { to: To }) {
  const href = useHref(to);
  const navigate = useNavigate();
  return (
    <ButtonLink
      {...rest}
      href={href}
      onClick={(event) => {
        const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
        if (event.defaultPrevented || event.button !== 0 || modified) return;
        // A plain left click is the router's (prevented, so the kit's host navigation stays out).
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
