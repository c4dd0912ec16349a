import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify';

/**
 * Toasts: top-right, closing after 5 s, dismissed by dragging 80 % of their width (SPEC.md §9).
 * Their container goes straight into the body, not into the app's root: a node added inside the
 * root's fieldset (the server's drawing, server/src/plugins/web.ts) makes the browser lay out the
 * fieldset's contents afresh, which cut short a row's smooth scroll started in the page's first
 * moments (decision 030).
 */
export default function Toasts() {
  return createPortal(<ToastContainer position="top-right" autoClose={5000} draggablePercent={80} />, document.body);
}
