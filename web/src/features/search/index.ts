// The search feature's public file: what other features may use (docs/decisions/056).
export { SearchBox } from './components/search-box';
