import { getHost } from '@outpost/host';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';
import { Icon, type IconName } from './icon';

/** primary: the one main action of a view; secondary: the rest; danger: cannot be taken back; invisible: toolbars. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'invisible';
export type ButtonSize = 'small' | 'medium';

interface LookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** An icon before the label. */
  icon?: IconName;
  children?: ReactNode;
}

/** The class list of a button look; the kit's own components use it, remotes use the components. */
export function buttonClass(variant: ButtonVariant = 'secondary', size: ButtonSize = 'medium', extra?: string): string {
  return ['button', `is-${variant}`, size === 'small' ? 'is-small' : '', extra ?? ''].filter(Boolean).join(' ');
}

export interface ButtonProps extends LookProps, Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** Disables the button and tells assistive technology it is working (a request under way). */
  busy?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/** A button. type="button" unless told otherwise, so it never submits a form by accident. */
export function Button({
  variant,
  size,
  icon,
  busy,
  children,
  className,
  type = 'button',
  disabled,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {icon && <Icon name={icon} />}
      {children}
    </button>
  );
}

/** A button that reads as a link in running text (an action, not a navigation). */
export function LinkButton({
  danger,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean }) {
  const classes = ['link-button', danger ? 'is-danger' : '', className ?? ''].filter(Boolean).join(' ');
  return <button {...rest} type={type} className={classes} />;
}

export interface ButtonLinkProps extends LookProps, Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'> {
  href: string;
}

/**
 * A plain left click on an in-app link ('/servers/1'): the host's router takes it instead of a
 * page load. Other clicks (new tab, another site) are left to the browser.
 */
export function followInApp(event: MouseEvent<HTMLAnchorElement>, href: string): void {
  const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
  const inApp = href.startsWith('/') && !href.startsWith('//');
  if (event.defaultPrevented || !inApp || event.button !== 0 || modified || event.currentTarget.target) return;
  event.preventDefault();
  getHost().navigate(href);
}

/**
 * A link that looks like a button (a navigation that is the main action, e.g. "Join"). An in-app
 * path ('/servers/1') navigates through the host's router; any other href is a plain link.
 */
export function ButtonLink({ href, variant, size, icon, children, className, onClick, ...rest }: ButtonLinkProps) {
  return (
    <a
      {...rest}
      href={href}
      className={buttonClass(variant, size, className)}
      onClick={(event) => {
        onClick?.(event);
        followInApp(event, href);
      }}
    >
      {icon && <Icon name={icon} />}
      {children}
    </a>
  );
}
