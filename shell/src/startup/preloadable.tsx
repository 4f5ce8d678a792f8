import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';

/** Draws nothing instead of a piece of chrome whose code failed to load: the rest keeps working. */
class QuietBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** A piece of the shell's chrome whose code loads apart from the first page's (see preloadable). */
export interface PreloadablePiece {
  /** Brings the code now; the same load is reused. A failed load may be tried again. */
  preload(): Promise<ComponentType>;
  /** The component, once its code is here. */
  loaded(): ComponentType | null;
  lazy: LazyExoticComponent<ComponentType>;
}

/**
 * A piece of chrome whose code loads on first use (React.lazy), unless preload() has brought it
 * already: then <Preloaded> draws it in the same render, with no empty pass between. The first
 * screen preloads what a signed-in user's screen shows, so it is drawn whole; a visitor's first
 * page carries none of it.
 */
export function preloadable(load: () => Promise<ComponentType>): PreloadablePiece {
  let loaded: ComponentType | null = null;
  let pending: Promise<ComponentType> | null = null;
  const preload = (): Promise<ComponentType> => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return { preload, loaded: () => loaded, lazy: lazy(() => preload().then((component) => ({ default: component }))) };
}

/** Draws a piece: at once when preloaded, else when its code arrives; nothing if that fails. */
export function Preloaded({ piece }: { piece: PreloadablePiece }) {
  // Chosen once per mount: switching from the lazy to the loaded type later would remount it.
  const [Chosen] = useState<ComponentType>(() => piece.loaded() ?? piece.lazy);
  return (
    <QuietBoundary>
      <Suspense fallback={null}>
        <Chosen />
      </Suspense>
    </QuietBoundary>
  );
}
