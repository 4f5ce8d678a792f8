import { TOAST_DEFAULTS, useToastStore } from './toast-store';

/** Toasts, top right, closed by a click (closeOnClick is the default). */
export function Toasts() {
  const items = useToastStore((state) => state.items);
  const destroy = useToastStore((state) => state.destroy);
  if (items.length === 0) return null;
  return (
    <div className="toasts" style={{ width: TOAST_DEFAULTS.width }} aria-live="polite">
      {items.map((item) => (
        <div
          key={item.id}
          className={`toast toast-${item.type}`}
          role={item.type === 'error' ? 'alert' : 'status'}
          onClick={() => TOAST_DEFAULTS.closeOnClick && destroy(item.id)}
          onKeyDown={(event) => event.key === 'Escape' && destroy(item.id)}
          style={{ animationDuration: `${item.speed}ms` }}
        >
          {item.title && <strong className="toast-title">{item.title}</strong>}
          <span className="toast-text">{item.text}</span>
        </div>
      ))}
    </div>
  );
}
