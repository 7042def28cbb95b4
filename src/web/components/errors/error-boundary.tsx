import { Component, type ErrorInfo, type ReactNode } from "react";
import type { CrashLayout } from "./crash-basics";
import { LazyCrashScreen } from "./lazy-crash-screen";

type State = { error: unknown; componentStack: string | undefined; failed: boolean };

/**
 * Catches what a part of the page throws while rendering and shows the crash screen in its place (`layout`), so one
 * broken part (a dialog, the app outside the router) does not blank the window. Route screens have the router's own.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; layout?: CrashLayout }, State> {
  override state: State = { error: undefined, componentStack: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  override componentDidCatch(_error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? undefined });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <LazyCrashScreen error={this.state.error} componentStack={this.state.componentStack} layout={this.props.layout} />
    );
  }
}
