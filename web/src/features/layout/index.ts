// The layout's public file: what other features may use (docs/decisions/056).
export { NavMenu, menuItemClass } from './components/nav-menu';
