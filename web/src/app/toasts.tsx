import { ToastContainer } from 'react-toastify';

/** Toasts: top-right, closing after 5 s, dismissed by dragging 80 % of their width (SPEC.md §9). */
export default function Toasts() {
  return <ToastContainer position="top-right" autoClose={5000} draggablePercent={80} />;
}
