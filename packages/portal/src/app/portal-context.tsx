import { createContext, useContext, type ReactNode } from 'react';
import type { PortalClient } from '@opportunity-kit/sdk';
import type { PortalConfig } from './portal-config.ts';

interface PortalValue {
  client: PortalClient;
  config: PortalConfig;
}

const PortalContext = createContext<PortalValue | null>(null);

/** Hands the one portal client (and where it points) to every page. */
export function PortalProvider({ client, config, children }: PortalValue & { children: ReactNode }) {
  return <PortalContext.Provider value={{ client, config }}>{children}</PortalContext.Provider>;
}

function usePortalValue(): PortalValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal() needs a <PortalProvider> above it.');
  return value;
}

/** The SDK client the pages and widgets call. */
export function usePortal(): PortalClient {
  return usePortalValue().client;
}

export function usePortalConfig(): PortalConfig {
  return usePortalValue().config;
}
