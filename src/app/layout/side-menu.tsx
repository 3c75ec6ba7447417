import { type Role, selectDisplayName } from '@machines/session/session.selectors';
import { useLocation } from 'wouter';
import { SessionContext } from '@/core/session/session';
import { Button } from '@/ui/button';
import { Drawer } from '@/ui/drawer';
import { CloseIcon, MenuCollapseIcon, MenuExpandIcon, MenuIcon } from '@/ui/icons';
import { NavLink } from '@/ui/nav-link';
import { Tooltip } from '@/ui/tooltip';
import { PRODUCT_TITLE } from '../routes';
import { bottomMenu, type MenuItem, mainMenu } from './menu-items';

/**
 * The left menu on wide screens: 240 px open, icons only when closed (each still named, with a
 * tooltip). Items are filtered by role; an item stays current on its sub-routes.
 */
export function SideMenu({ role, isOpen, onToggle }: { role: Role; isOpen: boolean; onToggle: () => void }) {
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
      <MenuItems id="side-menu-items" role={role} isOpen={isOpen} />
    </nav>
  );
}

/**
 * On narrow screens (a phone, or 400% zoom): a top bar with the product title and a Menu button
 * that opens the same menu in a drawer; choosing a link closes it. The wide menu's remembered
 * open state is neither read nor changed here.
 */
export function CompactMenu({ role }: { role: Role }) {
  const trigger = (
    <Button variant="quiet" className="top-bar__menu">
      <MenuIcon />
      Menu
    </Button>
  );
  return (
    <header className="top-bar">
      <Drawer label="Menu" trigger={trigger}>
        {(close) => (
          <nav className="side-menu side-menu--drawer" aria-label="Main" data-open>
            <div className="side-menu__header">
              <span className="side-menu__title">{PRODUCT_TITLE[role]}</span>
              <Button variant="quiet" aria-label="Close menu" onPress={close} className="side-menu__toggle">
                <CloseIcon />
              </Button>
            </div>
            <MenuItems role={role} isOpen onNavigate={close} />
          </nav>
        )}
      </Drawer>
      <span className="top-bar__title">{PRODUCT_TITLE[role]}</span>
    </header>
  );
}

function MenuItems({
  id,
  role,
  isOpen,
  onNavigate,
}: {
  id?: string;
  role: Role;
  isOpen: boolean;
  onNavigate?: () => void;
}) {
  const [location] = useLocation();
  const name = SessionContext.useSelector(selectDisplayName);
  const email = SessionContext.useSelector((s) => s.context.profile?.email ?? '');
  const list = (items: MenuItem[]) => (
    <MenuList items={items} location={location} isOpen={isOpen} onNavigate={onNavigate} />
  );
  return (
    <div id={id} className="side-menu__items">
      {list(mainMenu[role])}
      <div className="side-menu__bottom">
        {isOpen && (
          <p className="side-menu__user">
            <span className="visually-hidden">Signed in as </span>
            <span className="side-menu__user-name">{name}</span>
            {name !== email && <span className="side-menu__user-email">{email}</span>}
          </p>
        )}
        {list(bottomMenu)}
      </div>
    </div>
  );
}

function MenuList({
  items,
  location,
  isOpen,
  onNavigate,
}: {
  items: MenuItem[];
  location: string;
  isOpen: boolean;
  onNavigate?: () => void;
}) {
  return (
    <ul className="side-menu__list">
      {items.map(({ href, label, icon: Icon }) => (
        <li key={href}>
          <Tooltip label={label} isDisabled={isOpen}>
            <NavLink
              href={href}
              currentPath={location}
              className="side-menu__link"
              {...(isOpen ? {} : { 'aria-label': label })}
              onPress={onNavigate}
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
