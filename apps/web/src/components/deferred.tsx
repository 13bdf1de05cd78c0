import { Component, Suspense, type ReactNode } from 'react';

type Props = { fallback: ReactNode; children: ReactNode };

/**
 * A part whose code is fetched when first needed. Until it arrives, and for good if it cannot (offline,
 * or a new release removed the old file), `fallback` stands in, so the screen around it survives.
 */
export class Deferred extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    const { fallback, children } = this.props;
    return this.state.failed ? fallback : <Suspense fallback={fallback}>{children}</Suspense>;
  }
}
