import Button, { type ButtonProps } from '@mui/material/Button';
import MuiLink, { type LinkProps as MuiLinkProps } from '@mui/material/Link';
import { Link as RouterLink, NavLink, useLocation, type To } from 'react-router-dom';

/**
 * A target that keeps the current query string (?branch=beta and friends travel with the visitor),
 * unless the target brings its own.
 */
export function useQueryPreservingTo(to: string): To {
  const { search } = useLocation();
  const [pathname = '', ownSearch] = to.split('?', 2);
  return { pathname, search: ownSearch !== undefined ? `?${ownSearch}` : search };
}

type LinkButtonProps = Omit<ButtonProps<typeof RouterLink>, 'to' | 'component'> & {
  to: string;
};

/** A MUI Button that navigates inside the app and keeps the query string. */
export function LinkButton({ to, ...props }: LinkButtonProps) {
  const target = useQueryPreservingTo(to);
  return <Button component={RouterLink} to={target} {...props} />;
}

type NavButtonProps = LinkButtonProps & { end?: boolean };

/** A header button marked with aria-current and the `active` class on its own route. */
export function NavButton({ to, end, ...props }: NavButtonProps) {
  const target = useQueryPreservingTo(to);
  return <Button component={NavLink} to={target} end={end} {...props} />;
}

type TextLinkProps = Omit<MuiLinkProps<typeof RouterLink>, 'to' | 'component'> & { to: string };

/** An inline text link inside the app that keeps the query string. */
export function TextLink({ to, ...props }: TextLinkProps) {
  const target = useQueryPreservingTo(to);
  return <MuiLink component={RouterLink} to={target} {...props} />;
}
