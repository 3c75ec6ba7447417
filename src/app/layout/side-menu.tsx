import { type Role, selectDisplayName } from '@machines/session/session.selectors';
import { useLocation } from 'wouter';
import { Button } from '@/ui/button';
import { MenuCollapseIcon, MenuExpandIcon } from '@/ui/icons';
import { NavLink } from '@/ui/nav-link';
import { Tooltip } from '@/ui/tooltip';
import { PRODUCT_TITLE } from '../routes';
import { SessionContext } from '../session-context';
import { bottomMenu, type MenuItem, mainMenu } from './menu-items';

/**
 * The left menu: 240 px open, icons only when closed (each still named, with a tooltip). Items
 * are filtered by role; an item stays current on its sub-routes.
 */
export function SideMenu({ role, isOpen, onToggle }: { role: Role; isOpen: boolean; onToggle: () => void }) {
  const [location] = useLocation();
  const name = SessionContext.useSelector(selectDisplayName);
  const email = SessionContext.useSelector((s) => s.context.profile?.email ?? '');
  const toggleLabel = isOpen ? 'Collapse menu' : 'Expand menu';
  return (
    <nav className="side-menu" aria-label="Main" data-open={isOpen || undefined} id="side-menu">
      <div className="side-menu__header">
        {isOpen && <span className="side-menu__title">{PRODUCT_TITLE[role]}</span>}
        <Tooltip label={toggleLabel} isDisabled={isOpen}>
          <Button
            variant="quiet"
            aria-label={toggleLabel}
            aria-expanded={isOpen}
            aria-controls="side-menu-items"
            onPress={onToggle}
            className="side-menu__toggle"
          >
            {isOpen ? <MenuCollapseIcon /> : <MenuExpandIcon />}
          </Button>
        </Tooltip>
      </div>
      <div id="side-menu-items" className="side-menu__items">
        <MenuList items={mainMenu[role]} location={location} isOpen={isOpen} />
        <div className="side-menu__bottom">
          {isOpen && (
            <p className="side-menu__user">
              <span className="visually-hidden">Signed in as </span>
              <span className="side-menu__user-name">{name}</span>
              {name !== email && <span className="side-menu__user-email">{email}</span>}
            </p>
          )}
          <MenuList items={bottomMenu} location={location} isOpen={isOpen} />
        </div>
      </div>
    </nav>
  );
}

function MenuList({
  items,
  location,
  isOpen,
  className,
}: {
  items: MenuItem[];
  location: string;
  isOpen: boolean;
  className?: string;
}) {
  return (
    <ul className={['side-menu__list', className].filter(Boolean).join(' ')}>
      {items.map(({ href, label, icon: Icon }) => (
        <li key={href}>
          <Tooltip label={label} isDisabled={isOpen}>
            <NavLink
              href={href}
              currentPath={location}
              className="side-menu__link"
              {...(isOpen ? {} : { 'aria-label': label })}
            >
              <Icon />
              {isOpen && <span>{label}</span>}
            </NavLink>
          </Tooltip>
        </li>
      ))}
    </ul>
  );
}
