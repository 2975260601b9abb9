#!/usr/bin/env node
// The server is written in TypeScript and runs from source through tsx, so the CLI needs no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
