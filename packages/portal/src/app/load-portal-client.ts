/**
 * The SDK client, as one lazy chunk: app.tsx imports this module only dynamically, so the first page's
 * bundle leaves it out. Its modules, and the `appwrite` SDK under them, load later still, each with the
 * first call that needs it.
 */
export { createPortalClient } from '@opportunity-kit/sdk';
