import type { Module } from './services.ts';

/**
 * Every feature module of the server, registered in this order. A module owns one folder under
 * `src/` and its routes; modules talk to each other only through `Services` and the event bus.
 */
export const modules: Module[] = [];
